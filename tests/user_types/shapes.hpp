// A user's own types, built into an npm package by kiln_add_wasm_module (see CMakeLists.txt).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "kiln/kiln.hpp"
#include "shipment.hpp"

namespace acme {

struct Point {
  double x;
  double y;
  bool operator==(const Point&) const = default;
};

// An aggregate: Kiln reflects its fields (and their names) with no registration.
struct Shape {
  std::uint32_t id;
  std::string name;
  std::vector<Point> outline;
  std::optional<std::string> color;
  bool operator==(const Shape&) const = default;
};

// The same fields as Shape. Sketch is another type, so its messages and Shape's reject each
// other (the name takes part in the fingerprint); Outline declares Shape's wire name, so it reads
// and writes Shape's messages, as a renamed Shape would.
struct Sketch {
  std::uint32_t id;
  std::string name;
  std::vector<Point> outline;
  std::optional<std::string> color;
};
struct Outline {
  static constexpr std::string_view kiln_name = "Shape";
  std::uint32_t id;
  std::string name;
  std::vector<Point> outline;
  std::optional<std::string> color;
};

// A class with private fields, listed once with KILN_FIELDS.
class Inventory {
 public:
  Inventory() = default;
  Inventory(std::string owner, std::int64_t revision)
      : owner_(std::move(owner)), revision_(revision) {}

  void add(const std::string& bin, std::int32_t count);
  std::int64_t total() const;  // defined in inventory.cpp (built through SOURCES)
  bool operator==(const Inventory&) const = default;

  KILN_FIELDS(Inventory, owner_, bins_, revision_)

 private:
  std::string owner_;
  std::map<std::string, std::vector<std::int32_t>> bins_;
  std::int64_t revision_ = 0;
};

// Marks on a timeline. An empty struct takes no bytes on the wire, so a forged count of ticks is
// bounded by the decoder's allocation budget alone (docs/FORMAT.md 6.5), in C++ and in JS.
struct Tick {
  bool operator==(const Tick&) const = default;
};
struct Timeline {
  std::string name;
  std::vector<Tick> ticks;
  bool operator==(const Timeline&) const = default;
};

}  // namespace acme
