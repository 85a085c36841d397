// The messages the example server exchanges with its clients: the benchmark workloads' Struct
// and Foo, which the server streams, and Record, the typed reply a client sends for each message
// it decodes. kiln-sdk/workloads holds the generated JS codecs of the same types (a struct's
// fingerprint covers its unqualified name and fields, so these declarations match them).
//
// Every value is a function of its index, so both sides can check what they receive: the same
// functions are written in JavaScript in web/values.mjs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kiln_server {

struct Struct {
  std::int32_t f1;
  std::int64_t f2;
  float f3;
  double f4;
  std::int32_t f5;
  std::int64_t f6;
  float f7;
  double f8;
  std::int32_t f9;
  std::int64_t f10;
  float f11;
  double f12;
  bool operator==(const Struct&) const = default;
};

struct Foo {
  std::int32_t f1;
  std::string f2;
  std::vector<std::string> f3;
  std::map<std::string, std::int64_t> f4;
  bool operator==(const Foo&) const = default;
};

struct Record {
  std::int32_t f1;
  std::string f2;
  std::vector<std::string> f3;
  std::map<std::string, std::int64_t> f4;
  bool operator==(const Record&) const = default;
};

enum class Kind { kStruct, kFoo };

inline std::string_view kind_name(Kind kind) {
  return kind == Kind::kStruct ? "struct" : "foo";
}

// Message i of a stream. Numbers stay below 2^53 and floats are exact in binary, so JavaScript
// rebuilds the same values.
inline Struct make_struct(std::uint32_t i) {
  const auto n = static_cast<std::int64_t>(i);
  return {static_cast<std::int32_t>(i),
          n * 1000003,
          static_cast<float>(i % 1024) / 4,
          static_cast<double>(i) / 8,
          -static_cast<std::int32_t>(i % 100000),
          -n * 7,
          1.5f,
          static_cast<double>(i) + 0.25,
          static_cast<std::int32_t>(i % 100),
          (std::int64_t{1} << 40) + n,
          -2.5f,
          1e10 + static_cast<double>(i)};
}

inline Foo make_foo(std::uint32_t i) {
  Foo foo{static_cast<std::int32_t>(i), "foo \u00e9 " + std::to_string(i), {}, {}};
  for (int k = 0; k < 20; ++k) {
    foo.f3.push_back("string" + std::to_string(k));
    foo.f4.emplace("key" + std::to_string(k), static_cast<std::int64_t>(i) + k);
  }
  return foo;
}

// The reply a client sends after decoding message i: it echoes the index and a checksum of the
// decoded fields, so the server knows the client read the message right.
inline Record reply_for(Kind kind, std::uint32_t i) {
  std::int64_t sum = 0;
  std::string text;
  if (kind == Kind::kStruct) {
    const Struct s = make_struct(i);
    sum = s.f1 + s.f2 + s.f5 + s.f6 + s.f9 + s.f10;
    text = std::to_string(s.f2);
  } else {
    const Foo f = make_foo(i);
    for (const auto& [key, value] : f.f4) sum += value;
    text = f.f2;
  }
  return {static_cast<std::int32_t>(i),
          "ack " + std::string(kind_name(kind)),
          {text},
          {{"index", static_cast<std::int64_t>(i)}, {"sum", sum}}};
}

}  // namespace kiln_server
