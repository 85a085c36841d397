// A value with every kind of part an unbounded type can have, nested: strings, optional strings,
// vectors of numbers and of structs, arrays, sets, maps, lists, deques, vector<bool>, tuples,
// variants, unordered maps and enums. For the tests of the writers that work without a Writer.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include "kiln/detail/reflect/fields.hpp"

namespace kiln::test {

enum class Shade : std::uint8_t { kLight = 1, kDark = 9 };

struct Inner {
  std::string name;
  std::optional<std::string> note;
  std::vector<std::int64_t> numbers;
  bool operator==(const Inner&) const = default;
};

struct Mixed {
  std::int32_t id;
  Inner inner;
  std::vector<Inner> inners;
  std::array<std::string, 2> pair;
  std::set<std::string> tags;
  std::map<std::int32_t, std::vector<std::string>> index;
  std::list<std::uint16_t> shorts;
  std::deque<std::string> queue;
  std::vector<bool> bits;
  std::vector<double> doubles;
  std::tuple<std::string, std::int8_t> tuple;
  std::variant<std::int32_t, std::string> either;
  std::unordered_map<std::string, float> lookup;
  Shade shade;
  bool operator==(const Mixed&) const = default;
  // Listed, not reflected: g++ 12 fails inside Boost.PFR on an aggregate holding an array of
  // strings.
  KILN_FIELDS(Mixed, id, inner, inners, pair, tags, index, shorts, queue, bits, doubles, tuple,
              either, lookup, shade)
};

inline Mixed make_mixed() {
  Inner a{"alpha", "a note", {1, -2, 1LL << 40}};
  Inner b{std::string(40, 'b'), std::nullopt, {}};
  return Mixed{-5,
               a,
               {a, b, Inner{}},
               {"left", std::string(100, 'r')},
               {"x", "y", "zz"},
               {{1, {"one"}}, {-7, {}}, {300, {"a", "b", "c"}}},
               {1, 65535, 0},
               {"front", "", "back"},
               {true, false, true, true},
               {0.5, -1e300},
               {"tuple", -3},
               std::string("variant"),
               {{"k", 1.5f}},
               Shade::kDark};
}

}  // namespace kiln::test
