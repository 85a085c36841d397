// The benchmark workloads for the peers (DESIGN section 4, exact values): Kiln's plain workload
// types, the TestClass object graph, and the Bulk generator.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "test_class.hpp"
#include "workloads.hpp"

namespace kiln_bench {

// The plain workloads are Kiln's own types (tests/workloads/workloads.hpp): the peers' code in
// bench/peers/<library>_peer.hpp serializes the very same structs.
using Struct = kiln::workloads::Struct;
using Foo = kiln::workloads::Foo;
using Record = kiln::workloads::Record;
using kiln::workloads::make_foo;
using kiln::workloads::make_record;
using kiln::workloads::make_struct;
using kiln::workloads::make_struct_large;

using Bulk = std::vector<Foo>;

using TestBaseClass = kiln::workloads::TestBaseClass;
using TestClass = kiln::workloads::TestClass;

inline constexpr int kBulkItems = 1000;

// The Bulk workload: kBulkItems Foo-shaped values with varied strings (lengths 3..40, a few
// non-ASCII) and varied numbers (small to 2^40), drawn from a fixed-seed generator so every
// library and both targets see the same data. FooT is Kiln's or the peers' Foo.
template <class FooT>
std::vector<FooT> make_bulk() {
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  auto next = [&state] {  // xorshift64*: deterministic and identical on every target
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (state * 0x2545f4914f6cdd1dull) >> 32;
  };
  auto text = [&next](std::string prefix) {
    static constexpr char kChars[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::size_t n = 3 + next() % 38;
    if (next() % 16 == 0) prefix += "\xc3\xa9t\xc3\xa9-";  // "été-": some multi-byte UTF-8
    while (prefix.size() < n) prefix += kChars[next() % (sizeof(kChars) - 1)];
    return prefix;
  };
  std::vector<FooT> items(kBulkItems);
  for (int i = 0; i < kBulkItems; ++i) {
    FooT& foo = items[static_cast<std::size_t>(i)];
    foo.f1 = static_cast<std::int32_t>(next() % 100000);
    foo.f2 = text("name");
    std::size_t n = 5 + next() % 31;  // 5..35 strings and entries
    for (std::size_t j = 0; j < n; ++j) foo.f3.push_back(text("s"));
    for (std::size_t j = 0; j < n; ++j) {
      std::uint64_t v = next();
      foo.f4.emplace(text("key" + std::to_string(j)),
                     static_cast<std::int64_t>(j % 3 == 0 ? v << 8 : v % 1000));
    }
  }
  return items;
}

// The workload values in the peers' types, for adapters that serialize plain C++ objects.
struct PlainValues {
  static Struct make(Tag<Workload::kStruct>) { return make_struct(); }
  static Struct make(Tag<Workload::kStructLarge>) { return make_struct_large(); }
  static Foo make(Tag<Workload::kFoo>) { return make_foo(); }
  static Record make(Tag<Workload::kRecord>) { return make_record(); }
  static TestClass make(Tag<Workload::kTestClass>) { return TestClass::make(); }
  static Bulk make(Tag<Workload::kBulk>) { return make_bulk<Foo>(); }
};

}  // namespace kiln_bench
