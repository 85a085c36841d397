// A type that uses every serializer family, for fuzzing and the malformed-input corpus:
// integers of every width, floats, bool, strings, optional, variant, tuple, pair, std::array
// (including zero-size), vector (numbers on the bulk path, nested, of bool), list, deque, map,
// set, their unordered forms, a recursive struct, and elements with no wire bytes (an empty
// struct, std::tuple<>, a zero-size array).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

namespace kiln::workloads {

struct Empty {
  bool operator==(const Empty&) const = default;
};

// Floats compare by bit pattern, so a decoded NaN equals itself after a round trip.
struct Scalars {
  std::int8_t i8;
  std::uint8_t u8;
  std::int16_t i16;
  std::uint16_t u16;
  std::int32_t i32;
  std::uint32_t u32;
  std::int64_t i64;
  std::uint64_t u64;
  float f32;
  double f64;
  bool flag;
  bool operator==(const Scalars& o) const {
    return i8 == o.i8 && u8 == o.u8 && i16 == o.i16 && u16 == o.u16 && i32 == o.i32 &&
           u32 == o.u32 && i64 == o.i64 && u64 == o.u64 &&
           std::memcmp(&f32, &o.f32, sizeof f32) == 0 &&
           std::memcmp(&f64, &o.f64, sizeof f64) == 0 && flag == o.flag;
  }
};

struct Branch {
  std::int32_t value;
  std::vector<Branch> children;
  bool operator==(const Branch&) const = default;
};

struct KitchenSink {
  Scalars scalars;
  std::optional<std::string> name;
  std::variant<Empty, std::int64_t, std::string, Scalars> choice;
  std::tuple<std::int16_t, std::string, std::tuple<>> tuple;
  std::pair<std::uint8_t, std::optional<std::int32_t>> pair;
  std::array<std::uint16_t, 3> fixed;
  std::array<std::int32_t, 0> none;
  std::vector<std::int32_t> numbers;
  std::vector<std::vector<std::uint32_t>> nested;
  std::vector<std::string> strings;
  std::vector<bool> bits;
  std::list<std::int64_t> list;
  std::deque<std::uint8_t> deque;
  std::map<std::string, std::vector<std::int32_t>> map;
  std::set<std::int64_t> set;
  std::unordered_map<std::int32_t, std::string> umap;
  std::unordered_set<std::string> uset;
  std::vector<Empty> empties;
  std::vector<std::tuple<>> units;
  std::list<std::array<std::int8_t, 0>> zero_arrays;
  std::vector<Branch> forest;
  bool operator==(const KitchenSink&) const = default;
};

inline KitchenSink make_kitchen_sink() {
  KitchenSink k{};
  k.scalars = Scalars{
      -8,   200,   -1600, 60000, -320000, 4000000000u, -6400000000000ll, 18000000000000000000ull,
      1.5f, -2.25, true};
  k.name = "kiln";
  k.choice = std::string("variant");
  k.tuple = {-7, "tuple", {}};
  k.pair = {9, 42};
  k.fixed = {1, 2, 3};
  k.numbers = {1, -2, 300000};
  k.nested = {{}, {1}, {2, 3}};
  k.strings = {"", "a", "\xc3\xa9t\xc3\xa9"};
  k.bits = {true, false, true};
  k.list = {5, -5};
  k.deque = {0, 255};
  k.map = {{"a", {1}}, {"b", {}}};
  k.set = {-1, 0, 1};
  k.umap = {{1, "one"}, {2, "two"}};
  k.uset = {"x", "y"};
  k.empties.resize(3);
  k.units.resize(2);
  k.zero_arrays.resize(2);
  k.forest = {Branch{1, {Branch{2, {}}, Branch{3, {Branch{4, {}}}}}}};
  return k;
}

}  // namespace kiln::workloads
