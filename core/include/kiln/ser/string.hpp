// std::string (read and write) and std::string_view (write only): varint byte length + UTF-8.
#pragma once

#include <string>
#include <string_view>

#include "kiln/ser/serializer.hpp"
#include "kiln/ser/traits.hpp"
#include "kiln/wire/utf8.hpp"

namespace kiln {

template <class T>
struct Serializer<T, std::enable_if_t<detail::is_string<T>>> {
  static constexpr std::size_t min_bytes = 1;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(Hasher& h) { h.add("str"); }

  template <class M>
  static void write(io::Writer& w, const T& v) {
    w.ensure(io::kMaxVarint64 + v.size());
    std::uint8_t* p = io::put_varint(w.cursor(), v.size());
    if (!v.empty()) std::memcpy(p, v.data(), v.size());
    w.advance_to(p + v.size());
  }

  template <class M>
  static bool read(io::Reader& r, std::string& v) {
    static_assert(std::is_same_v<T, std::string>, "std::string_view can be written, not read");
    std::size_t n = 0;
    if (!r.read_length(n, 1, r.limits().max_string_bytes, "string length", 1)) return false;
    const std::uint8_t* p = r.cursor();
    if (r.validate_utf8()) {
      std::size_t ok = wire::utf8_valid_prefix(p, n);
      if (ok != n) [[unlikely]]
        return r.fail_at(r.offset() + ok, ErrorCode::kBadUtf8,
                         "string of " + std::to_string(n) + " bytes is not valid UTF-8");
    }
    v.assign(reinterpret_cast<const char*>(p), n);
    r.advance_to(p + n);
    return true;
  }
};

}  // namespace kiln
