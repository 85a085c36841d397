// The one check of a message header, shared by Codec and inspect (js/runtime/header.mjs is its
// JavaScript twin, with the same errors at the same offsets).
#pragma once

#include <cstdint>
#include <string_view>

#include "kiln/detail/io/cursor.hpp"

namespace kiln::detail::wire {

struct HeaderCheck {
  // The root type's fingerprint, which a schema-consistent message must carry (a compatible
  // message's is the writer's, for information); null: any.
  const std::uint32_t* fingerprint = nullptr;
  std::string_view type_name;  // for the mismatch message
  bool needs_table = false;    // only a compatible message will do (inspect)
};

// Checks magic, version and flags, then the fingerprint when the message has one, and moves r
// past the header. On failure records the first problem at its byte and returns false.
bool read_header(io::Cursor& r, const HeaderCheck& check, std::uint8_t& flags);

}  // namespace kiln::detail::wire
