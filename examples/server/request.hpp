// What a client asks for in a URL's query: /stream?kind=foo&count=1000&format=json.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include "message_source.hpp"
#include "messages.hpp"
#include "server.hpp"

namespace kiln_server {

struct StreamRequest {
  Kind kind = Kind::kStruct;
  Format format = Format::kKiln;
  std::uint32_t count = 0;
};

inline std::string_view path_of(std::string_view target) {
  return target.substr(0, target.find('?'));
}

// The value of `key` in the target's query, or empty.
inline std::string_view query_value(std::string_view target, std::string_view key) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return {};
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == key && eq != std::string_view::npos) return pair.substr(eq + 1);
    if (amp == std::string_view::npos) break;
    rest = rest.substr(amp + 1);
  }
  return {};
}

inline StreamRequest parse_stream_request(std::string_view target) {
  StreamRequest r;
  const std::string_view kind = query_value(target, "kind");
  if (kind == "foo") {
    r.kind = Kind::kFoo;
  } else if (kind != "struct" && !kind.empty()) {
    throw ClientError("unknown kind '" + std::string(kind) + "' (struct or foo)");
  }
  const std::string_view format = query_value(target, "format");
  if (format == "json") {
    r.format = Format::kJson;
  } else if (format != "kiln" && !format.empty()) {
    throw ClientError("unknown format '" + std::string(format) + "' (kiln or json)");
  }
  const std::string_view count = query_value(target, "count");
  const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), r.count);
  if (!count.empty() && (ec != std::errc() || end != count.data() + count.size())) {
    throw ClientError("count '" + std::string(count) + "' is not a 32-bit unsigned number");
  }
  return r;
}

}  // namespace kiln_server
