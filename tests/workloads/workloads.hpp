// The benchmark and golden-vector workloads (docs/WORKLOADS in DESIGN section 4), exact values.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "test_class.hpp"

namespace kiln::workloads {

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

// Same shape as Foo; the source documents' example values.
struct Record {
  std::int32_t f1;
  std::string f2;
  std::vector<std::string> f3;
  std::map<std::string, std::int64_t> f4;
  bool operator==(const Record&) const = default;
};

// A tree whose nodes point back to their parents: a cyclic graph (parent <-> child) for the
// reference-tracking tests on both sides. The root is held by a shared_ptr so children can
// point back to it.
struct TreeNode {
  std::string name;
  std::vector<std::shared_ptr<TreeNode>> children;
  std::weak_ptr<TreeNode> parent;
};
using Tree = std::shared_ptr<TreeNode>;

inline Struct make_struct() {
  return Struct{10,       123456788, 1.0f / 5, 1.0 / 7,   11,       123456789,
                2.0f / 5, 2.0 / 7,   12,       123456788, 3.0f / 5, 3.0 / 7};
}

// Struct with integers near the limits of their types, positive and negative: compressed, each is
// a varint of the longest kind (5 bytes for 32 bits, 10 for 64), the worst case for a varint codec.
inline Struct make_struct_large() {
  Struct s = make_struct();
  s.f1 = 2147483647 - 10, s.f2 = 9223372036854775807 - 100, s.f5 = -2147483647 + 20;
  s.f6 = -9223372036854775807 + 200, s.f9 = 2147000000, s.f10 = -9000000000000000000;
  return s;
}

inline Foo make_foo() {
  Foo foo{100, "abc", {}, {}};
  for (int i = 0; i < 20; ++i) {
    foo.f3.push_back("string" + std::to_string(i));
    foo.f4.emplace("key" + std::to_string(i), i);
  }
  return foo;
}

inline Record make_record() {
  return Record{10, "abc", {"str1", "str2"}, {{"k1", 10}, {"k2", 20}}};
}

}  // namespace kiln::workloads
