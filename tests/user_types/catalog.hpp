// Types that together use every wire family a schema declared in JavaScript can express (kiln-sdk's
// struct, vector, map, ...): schema_cross.test.mjs declares the same types with those constructors
// and holds the two to the same bytes, fingerprints and decode verdicts, against the generated
// codecs and the wasm core built from this header.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "kiln/kiln.hpp"

namespace acme {

enum class Grade : std::uint8_t { kNone = 0, kGood = 1, kBest = 255 };
enum class Epoch : std::int64_t {
  kFirst = -0x7fffffffffffffff - 1,
  kZero = 0,
  kLast = 0x7fffffffffffffff
};

// No fields, so no bytes on the wire: a count of them is bounded by the allocation budget alone.
struct Marker {};

struct Dims {
  float width;
  double height;
  std::int16_t depth;
};

// The struct alternative of Catalog::choice, and the element of an optional sequence.
struct Detail {
  std::string note;
  std::vector<std::int32_t> codes;
  std::map<std::string, double> weights;
  std::optional<std::int64_t> stamp;
  std::array<std::string, 2> aliases;
  Dims dims;
};

// Contains itself through a std::vector.
struct Category {
  std::string label;
  std::vector<Category> children;
};

// Classes with private fields and bases (KILN_FIELDS_WITH_BASES): the bases' fields come first.
// Party ends in a byte, so its tail padding is where the Itanium ABI puts what follows it.
class Party {
 public:
  Party() = default;
  Party(std::string name, std::int64_t since, std::uint8_t kind)
      : name_(std::move(name)), since_(since), kind_(kind) {}
  KILN_FIELDS(Party, name_, since_, kind_)

 private:
  std::string name_;
  std::int64_t since_ = 0;
  std::uint8_t kind_ = 0;
};

class Audited {
 public:
  KILN_FIELDS(Audited, revision_)

 private:
  std::uint32_t revision_ = 0;
};

class Vendor : public Party, public Audited {
 public:
  KILN_FIELDS_WITH_BASES(Vendor, (Party, Audited), rating_, regions_)

 private:
  std::uint16_t rating_ = 0;
  std::vector<std::string> regions_;
};

// A base that is a POD (trivial, standard layout): in wasm32, which follows the C++11 POD rules,
// what comes after it does not use its tail padding, unlike Party's.
struct Stamp {
  std::int64_t at;
  std::uint8_t zone;
  KILN_FIELDS(Stamp, at, zone)
};

class Reading : public Stamp {
 public:
  KILN_FIELDS_WITH_BASES(Reading, (Stamp), level_)

 private:
  std::uint8_t level_ = 0;
};

struct Catalog {
  bool active;
  std::int8_t tiny;
  std::int16_t small;
  std::int32_t medium;
  std::int64_t large;
  std::uint8_t utiny;
  std::uint16_t usmall;
  std::uint32_t umedium;
  std::uint64_t ularge;
  float ratio;
  double precise;
  char initial;
  char16_t glyph16;
  char32_t glyph32;
  Grade grade;
  Epoch epoch;
  std::string title;
  std::vector<std::int32_t> ints;
  std::vector<std::int64_t> longs;
  std::vector<double> doubles;
  std::vector<std::uint8_t> blob;
  std::vector<bool> flags;
  std::vector<std::string> words;
  std::vector<Dims> boxes;
  std::array<std::uint16_t, 3> triple;
  std::array<std::string, 2> aliases;
  std::array<std::int32_t, 0> none;
  std::set<std::int64_t> ids;
  std::set<std::string> tags;
  std::map<std::string, std::vector<float>> series;
  std::map<std::int32_t, std::string> labels;
  std::optional<std::string> subtitle;
  std::optional<Dims> bounds;
  std::variant<std::int64_t, std::string, Detail> choice;
  std::vector<std::optional<Detail>> slots;
  std::tuple<std::int8_t, std::string, double, Marker> mixed;
  std::vector<std::pair<std::uint16_t, std::string>> pairs;
  Dims dims;
  Marker marker;
  Category taxonomy;
  Vendor vendor;
  std::vector<Vendor> vendors;
  std::vector<Reading> readings;
  std::vector<Marker> marks;  // last: its count is the last bytes of a message
};

// An object graph, as TreeNode in tests/workloads/workloads.hpp: shared children, a weak parent,
// an owned charter.
struct Charter {
  std::string text;
  std::uint32_t version;
};

struct Unit {
  std::string name;
  std::int32_t headcount;
  std::unique_ptr<Charter> charter;
  std::vector<std::shared_ptr<Unit>> children;
  std::weak_ptr<Unit> parent;
};

struct Org {
  std::string name;
  std::shared_ptr<Unit> root;
  std::shared_ptr<Unit> flagship;
  std::vector<Marker> marks;  // last: its count is the last bytes of a message
};

}  // namespace acme
