// The same messages as JSON, one object per line (NDJSON): what the benchmark compares Kiln's
// framed stream with over the same socket.
#pragma once

#include <boost/json.hpp>
#include <string>

#include "messages.hpp"

namespace kiln_server {

inline boost::json::value to_json(const Struct& s) {
  return {{"f1", s.f1}, {"f2", s.f2}, {"f3", s.f3}, {"f4", s.f4},   {"f5", s.f5},   {"f6", s.f6},
          {"f7", s.f7}, {"f8", s.f8}, {"f9", s.f9}, {"f10", s.f10}, {"f11", s.f11}, {"f12", s.f12}};
}

inline boost::json::value to_json(const Foo& f) {
  boost::json::array f3(f.f3.begin(), f.f3.end());
  boost::json::object f4;
  for (const auto& [key, value] : f.f4) f4[key] = value;
  return {{"f1", f.f1}, {"f2", f.f2}, {"f3", std::move(f3)}, {"f4", std::move(f4)}};
}

// Appends message i of a stream of `kind` as one JSON line.
inline void append_json_line(Kind kind, std::uint32_t i, std::string& out) {
  out += boost::json::serialize(kind == Kind::kStruct ? to_json(make_struct(i))
                                                      : to_json(make_foo(i)));
  out += '\n';
}

}  // namespace kiln_server
