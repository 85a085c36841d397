// Strings of a message that shares them (header bit 3, docs/FORMAT.md 5.12): the varint is
// (length << 1) for a new string, which joins the message's table, or (index << 1) | 1 for the
// string numbered `index` in order of first appearance. Typed strings, the strings compatible
// mode skips and the strings the inspector prints are all read here, so they are numbered alike.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "kiln/base/inline.hpp"
#include "kiln/detail/graph/context.hpp"
#include "kiln/detail/ser/reader.hpp"
#include "kiln/detail/wire/utf8.hpp"

namespace kiln::detail::graph {

// Why the tag read at `at` is refused. Out of line, with the messages: built inline, their
// temporaries gave every shared-string read a shadow-stack frame in wasm.
[[gnu::cold, gnu::noinline]] inline void bad_shared_string(Reader& r, const ReadContext& g,
                                                           std::size_t at, std::uint64_t tag) {
  if (tag & 1) {
    r.fail_at(at, ErrorCode::kBadReference,
              "string #" + std::to_string(tag >> 1) + " but only " +
                  std::to_string(g.strings.size()) + " strings so far");
    return;
  }
  const std::uint64_t n = tag >> 1;
  if (n > r.limits().max_string_bytes)
    r.fail_at(at, ErrorCode::kLengthTooLarge,
              "string length " + std::to_string(n) + " exceeds the limit " +
                  std::to_string(r.limits().max_string_bytes));
  else if (n > r.remaining())
    r.fail_at(at, ErrorCode::kTruncated,
              "string length " + std::to_string(n) + " needs " + std::to_string(n) +
                  " bytes but only " + std::to_string(r.remaining()) + " remain");
  else if (r.charge(at, static_cast<std::size_t>(n), "string"))
    r.fail_at(at, ErrorCode::kLengthTooLarge,
              "more than " + std::to_string(r.limits().max_references) +
                  " shared strings in one message");
}

[[gnu::cold, gnu::noinline]] inline void bad_utf8_string(Reader& r, std::size_t at, std::size_t n) {
  r.fail_at(at, ErrorCode::kBadUtf8,
            "string of " + std::to_string(n) + " bytes is not valid UTF-8");
}

// Reads one string: a pointer to its entry in the message's table, a view of the input (of the
// string's first appearance), or nullptr with an error recorded. Every string, new or repeated,
// is charged its length to the allocation budget; a new one is checked to be UTF-8 when the reader
// validates. A pointer, not a view written through a reference: in wasm a view crosses a call in
// memory, written in two halves and read back whole, which stalls store forwarding on every
// string.
KILN_INLINE inline const std::string_view* read_shared_string(Reader& r, ReadContext& g) {
  const std::size_t at = r.offset();
  std::uint64_t tag = 0;
  if (!r.read_varint(tag, "string tag")) return nullptr;
  if (tag & 1) {
    const std::uint64_t index = tag >> 1;
    if (index >= g.strings.size()) [[unlikely]] {
      bad_shared_string(r, g, at, tag);
      return nullptr;
    }
    const std::string_view* s = &g.strings[static_cast<std::size_t>(index)];
    // Charged again: a decoder copies the bytes into every string that repeats it, so a short
    // message of many repeats of a long string must meet the allocation budget (FORMAT.md 6.5).
    return r.charge(at, s->size(), "string") ? s : nullptr;
  }
  const std::uint64_t n = tag >> 1;
  if (n > r.limits().max_string_bytes || n > r.remaining() ||
      g.strings.size() >= r.limits().max_references) [[unlikely]] {
    bad_shared_string(r, g, at, tag);
    return nullptr;
  }
  if (!r.charge(at, static_cast<std::size_t>(n), "string")) return nullptr;
  const std::uint8_t* p = r.cursor();
  if (r.validate_utf8()) {
    const std::size_t ok = wire::utf8_valid_prefix(p, static_cast<std::size_t>(n));
    if (ok != n) [[unlikely]] {
      bad_utf8_string(r, r.offset() + ok, static_cast<std::size_t>(n));
      return nullptr;
    }
  }
  if (g.strings.empty()) g.strings.reserve(16);  // skips the first few regrowths
  g.strings.emplace_back(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
  r.advance_to(p + n);
  return &g.strings.back();
}

}  // namespace kiln::detail::graph
