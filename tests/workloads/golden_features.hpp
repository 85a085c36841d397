// The feature golden vectors' types and values: one small value per format feature the workload
// vectors leave out (pointers of each kind, polymorphic pointers, kiln::Value fields, recursive
// types, enums, every integer width and character type, compatible mode with several structs and
// an explicit field id, shared strings without compatible mode). golden_cases.hpp pins each in
// tests/golden/ with the options named in manifest.json ("feature_vectors");
// tests/workloads/feature_schemas.mjs declares the same types with kiln-sdk's schema constructors.
//
// Equality (operator==) is by value and, for pointers, by the shape of the sharing too: which
// pointers hold one object, which weak_ptr points at which owned object.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "kiln/kiln.hpp"

namespace kiln::workloads::features {

// --- Graph: unique_ptr, shared_ptr held twice, weak_ptr parents and a weak_ptr announcement -----

struct Note {
  std::string text;
  bool operator==(const Note&) const = default;
};

struct GraphNode {
  std::string name;
  std::unique_ptr<Note> note;  // owned: never numbered, never a back-reference
  std::vector<std::shared_ptr<GraphNode>> children;
  std::weak_ptr<GraphNode> parent;
};

// `focus` meets the second child before its owner does: a weak_ptr announces it (a number only),
// and the child's first shared_ptr, in root->children, writes its fields (docs/FORMAT.md 5.11).
struct Graph {
  std::weak_ptr<GraphNode> focus;
  std::shared_ptr<GraphNode> root;
};

// root {note "top"} with children [a, b, a]: `a` is one object held twice; both point back to the
// root through `parent`; focus is b.
inline Graph make_graph() {
  auto root = std::make_shared<GraphNode>();
  root->name = "root";
  root->note = std::make_unique<Note>(Note{"top"});
  auto a = std::make_shared<GraphNode>();
  a->name = "a";
  a->parent = root;
  auto b = std::make_shared<GraphNode>();
  b->name = "b";
  b->note = std::make_unique<Note>(Note{"second"});
  b->parent = root;
  root->children = {a, b, a};
  return Graph{b, root};
}

inline bool same_note(const std::unique_ptr<Note>& x, const std::unique_ptr<Note>& y) {
  return x && y ? *x == *y : x == y;
}
// A node without children, by value (its parent compared by the caller).
inline bool same_leaf(const GraphNode& x, const GraphNode& y) {
  return x.name == y.name && same_note(x.note, y.note) && x.children.empty() && y.children.empty();
}
// The graph above, as shaped there: the values, a held twice, every parent the root, focus b.
inline bool operator==(const Graph& x, const Graph& y) {
  auto shaped = [](const Graph& g) {
    const auto& r = g.root;
    return r && r->children.size() == 3 && r->children[0] && r->children[1] &&
           r->children[0] == r->children[2] && r->children[0] != r->children[1] &&
           r->parent.expired() && g.focus.lock() == r->children[1] &&
           r->children[0]->parent.lock() == r && r->children[1]->parent.lock() == r;
  };
  if (!shaped(x) || !shaped(y)) return false;
  return x.root->name == y.root->name && same_note(x.root->note, y.root->note) &&
         same_leaf(*x.root->children[0], *y.root->children[0]) &&
         same_leaf(*x.root->children[1], *y.root->children[1]);
}

// --- Drawing: polymorphic pointers (a registered id, a registered name, the base itself) --------

class Shape {
 public:
  Shape() = default;
  explicit Shape(std::int32_t shape_id) : id(shape_id) {}
  virtual ~Shape() = default;
  std::int32_t id = 0;
  KILN_FIELDS(Shape, id)
};

class Circle : public Shape {  // registered by id: TypeRegistry::add<Circle, Shape>(1)
 public:
  Circle() = default;
  Circle(std::int32_t shape_id, double r) : Shape(shape_id), radius(r) {}
  double radius = 0;
  KILN_FIELDS_WITH_BASES(Circle, (Shape), radius)
};

class Square : public Shape {  // registered by name: add_named<Square, Shape>("geo.Square")
 public:
  Square() = default;
  Square(std::int32_t shape_id, std::string text) : Shape(shape_id), label(std::move(text)) {}
  std::string label;
  KILN_FIELDS_WITH_BASES(Square, (Shape), label)
};

inline std::shared_ptr<const TypeRegistry> shape_types() {
  auto types = std::make_shared<TypeRegistry>();
  if (!types->add<Circle, Shape>(1) || !types->add_named<Square, Shape>("geo.Square")) return {};
  return types;
}
// The manifest's record of shape_types().
inline constexpr const char* kShapeTypesJson = R"({"Circle": 1, "Square": "geo.Square"})";

// `selected` announces the red square with its type tag (the name, written once per message);
// the red square is then held twice; `background` is a unique_ptr to a registered type.
struct Drawing {
  std::weak_ptr<Shape> selected;
  std::vector<std::shared_ptr<Shape>> shapes;
  std::unique_ptr<Shape> background;
};

inline Drawing make_drawing() {
  auto red = std::make_shared<Square>(3, "red");
  Drawing d;
  d.selected = red;
  d.shapes = {std::make_shared<Circle>(1, 2.5), std::make_shared<Shape>(2), red,
              std::make_shared<Square>(4, "blue"), red};
  d.background = std::make_unique<Circle>(5, 0.5);
  return d;
}

// Same dynamic type and the same fields.
inline bool same_shape(const Shape* x, const Shape* y) {
  if (!x || !y) return x == y;
  if (typeid(*x) != typeid(*y) || x->id != y->id) return false;
  if (auto* c = dynamic_cast<const Circle*>(x))
    return c->radius == static_cast<const Circle*>(y)->radius;
  if (auto* s = dynamic_cast<const Square*>(x))
    return s->label == static_cast<const Square*>(y)->label;
  return true;
}
inline bool operator==(const Drawing& x, const Drawing& y) {
  auto shaped = [](const Drawing& d) {
    return d.shapes.size() == 5 && d.shapes[2] && d.shapes[2] == d.shapes[4] &&
           d.selected.lock() == d.shapes[2];
  };
  if (!shaped(x) || !shaped(y) || !same_shape(x.background.get(), y.background.get())) return false;
  for (std::size_t i = 0; i < 5; ++i)
    if (!same_shape(x.shapes[i].get(), y.shapes[i].get())) return false;
  return true;
}

// --- Document: kiln::Value fields in a typed struct ---------------------------------------------

// With reference tracking each Value field numbers its containers on its own (docs/FORMAT.md 9):
// `body` holds one array twice (the second time a reference), and `extra` writes that array in
// full again, as its own container 1.
struct Document {
  std::string title;
  Value body;
  Value extra;
  std::int32_t version;
  bool operator==(const Document&) const = default;
};

inline Document make_document() {
  Value tags = Value::array({"fast", "small"});
  Value body = Value::object({{"name", "kiln"},
                              {"tags", tags},
                              {"stats", Value::object({{"count", 3},
                                                       {"ratio", 0.75},
                                                       {"big", std::int64_t{-5000000000}},
                                                       {"ok", true},
                                                       {"none", Value()}})},
                              {"again", tags}});
  return Document{"notes", body, Value::array({7, "x", tags}), 2};
}

// --- Envelope: a kiln::Value field in compatible mode, every kind of generic value ---------------

// Written in compatible mode with reference tracking: the payload's descriptor is `value` (18),
// and the inspector prints every kind in its JSON form (docs/FORMAT.md 10.6), the map met again
// as {"ref":2}. Key "1" comes first, as a JS object lists an index-like key.
struct Envelope {
  std::string kind;
  Value payload;
  std::int32_t seq;
  bool operator==(const Envelope&) const = default;
};

inline std::vector<std::uint8_t> le_bytes(std::initializer_list<float> fs) {
  std::vector<std::uint8_t> out;
  for (float f : fs) {
    std::uint32_t bits;
    std::memcpy(&bits, &f, 4);  // std::bit_cast: not in Emscripten 3.1.6's libc++
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
  }
  return out;
}

inline Envelope make_envelope() {
  Value map = Value::map({{"a", 1}, {2, Value::set({true, Value()})}});
  Value payload = Value::object({
      {"1", Value::array({1, Hole{}, "x"})},
      {"name", "kiln"},
      {"undef", Undefined{}},
      {"big", BigInt{true, {0x12, 0xef, 0xcd, 0xab, 0x90, 0x78, 0x56, 0x34, 0x12}}},
      {"when", Date{1700000000000.0}},
      {"ratio", 0.5},
      {"low", -std::numeric_limits<double>::infinity()},
      {"map", map},
      {"bytes", Value::typed_array(TypedKind::kUint8, {1, 2, 3})},
      {"f32", Value::typed_array(TypedKind::kFloat32, le_bytes({0.5f, -1.25f}))},
      {"i64", Value::typed_array(TypedKind::kBigInt64, std::vector<std::uint8_t>(8, 0xff))},
      {"buf", Value::array_buffer({9, 8})},
      {"again", map},
  });
  return Envelope{"event", payload, 7};
}

// The version of Envelope before it had a payload: a reader that skips the Value field.
namespace envelope_v1 {
struct Envelope {
  std::string kind;
  std::int32_t seq;
  bool operator==(const Envelope&) const = default;
};
}  // namespace envelope_v1

// Graph before it had focus, notes and parents: its reader skips a weak_ptr announcement,
// unique_ptrs and weak back-references of graph_compatible.bin (docs/FORMAT.md 10.5).
namespace graph_v1 {
struct GraphNode {
  std::string name;
  std::vector<std::shared_ptr<GraphNode>> children;
};
struct Graph {
  std::shared_ptr<GraphNode> root;
};
}  // namespace graph_v1

// Drawing as a reader that has none of its pointer fields: it skips polymorphic objects, their
// type names and the table entries their types add in the body (docs/FORMAT.md 10.5).
namespace drawing_v0 {
struct Drawing {
  std::string title;
};
}  // namespace drawing_v0

// --- Category: a recursive type (through std::vector) -------------------------------------------

struct Category {
  std::uint32_t id;
  std::string name;
  std::vector<Category> children;
  bool operator==(const Category&) const = default;
};

inline Category make_category() {
  return Category{1, "root", {{2, "books", {{4, "poetry", {}}}}, {3, "music", {}}}};
}

// --- Scalars: every integer width at its extremes, the character types, enums ------------------

enum class Level : std::uint8_t { kLow = 1, kHigh = 250 };
enum class Offset : std::int64_t {
  kFirst = std::numeric_limits<std::int64_t>::min(),
  kLast = std::numeric_limits<std::int64_t>::max()
};

struct Scalars {
  bool yes;
  char c8;
  char16_t c16;
  char32_t c32;
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
  Level level;    // an enum over uint8_t: one byte in both modes
  Offset offset;  // an enum over int64_t: compresses as an int64_t
  // Varint lengths 1, 1, 2, 5 (compressed mode) and zigzag lengths 1, 1, 1, 10, 10.
  std::vector<std::uint32_t> u32s;
  std::vector<std::int64_t> i64s;
  bool operator==(const Scalars&) const = default;
};

inline Scalars make_scalars() {
  using std::numeric_limits;
  return Scalars{
      true,
      'K',
      u'\u4e2d',
      U'\U0001F680',
      numeric_limits<std::int8_t>::min(),
      numeric_limits<std::uint8_t>::max(),
      numeric_limits<std::int16_t>::min(),
      numeric_limits<std::uint16_t>::max(),
      numeric_limits<std::int32_t>::min(),
      numeric_limits<std::uint32_t>::max(),
      numeric_limits<std::int64_t>::min(),
      numeric_limits<std::uint64_t>::max(),
      numeric_limits<float>::max(),
      -0.0,
      Level::kHigh,
      Offset::kFirst,
      {0, 127, 128, numeric_limits<std::uint32_t>::max()},
      {0, -1, 1, numeric_limits<std::int64_t>::min(), numeric_limits<std::int64_t>::max()}};
}

// --- Catalog: compatible mode with several nested structs and an explicit field id --------------

struct Price {
  std::int64_t cents;
  std::string currency;
  bool operator==(const Price&) const = default;
};

struct Item {
  std::uint32_t sku;
  std::string title;  // renamed from "name": keeps the old name's id (docs/FORMAT.md 10.4)
  Price price;
  std::optional<std::string> note;
  std::set<std::string> tags;
  static constexpr FieldId kiln_field_ids[] = {{"title", field_id_of("name")}};
  bool operator==(const Item&) const = default;
};

struct Shelf {
  std::string label;
  std::array<std::int16_t, 2> position;
  std::vector<Item> items;
  bool operator==(const Shelf&) const = default;
};

// Four struct types in the type table; the descriptors cover sequences, arrays, sets, maps,
// optionals, variants and pairs.
struct Catalog {
  std::string name;
  std::vector<Shelf> shelves;
  std::map<std::string, Price> discounts;
  std::variant<std::int32_t, std::string> revision;
  std::pair<std::int32_t, std::int32_t> version;
  bool operator==(const Catalog&) const = default;
};

// Built field by field: g++ 12 warns (maybe-uninitialized) about the strings of a nested
// aggregate initializer here.
inline Item make_item(std::uint32_t sku, std::string title, std::int64_t cents,
                      std::optional<std::string> note, std::set<std::string> tags) {
  Item item{};
  item.sku = sku;
  item.title = std::move(title);
  item.price.cents = cents;
  item.price.currency = "EUR";
  item.note = std::move(note);
  item.tags = std::move(tags);
  return item;
}

inline Catalog make_catalog() {
  Catalog c{};
  c.name = "spring";
  c.shelves.resize(2);
  c.shelves[0].label = "A";
  c.shelves[0].position = {1, -2};
  c.shelves[0].items.push_back(make_item(1001, "kettle", 2599, std::nullopt, {"kitchen"}));
  c.shelves[0].items.push_back(
      make_item(4000000000u, "lamp", 1999, "warm white", {"light", "home"}));
  c.shelves[1].label = "B";
  c.shelves[1].position = {2, 0};
  c.discounts["kettle"] = Price{-600, "EUR"};
  c.revision = std::string("r7");
  c.version = {1, 2};
  return c;
}

// --- Labels: shared strings without reference tracking or compatible mode -----------------------

// Repeats in every place a string may stand: a field, vector elements (the empty string too),
// map keys and values, an optional.
struct Labels {
  std::string owner;
  std::vector<std::string> names;
  std::map<std::string, std::string> by_key;
  std::optional<std::string> fallback;
  bool operator==(const Labels&) const = default;
};

inline Labels make_labels() {
  return Labels{"ops", {"ops", "", "db", "", "db"}, {{"db", "ops"}, {"web", "db"}}, "web"};
}

// --- Vendor: compatible mode with base classes
// ----------------------------------------------------

// Two bases, one of which has a base of its own: each is a field of its class's table entry,
// named ^ and the base's name (docs/FORMAT.md 10.2).
class Contact {
 public:
  std::string email;
  bool operator==(const Contact&) const = default;
  KILN_FIELDS(Contact, email)
};
class Party : public Contact {
 public:
  std::string name;
  std::int64_t since = 0;
  bool operator==(const Party&) const = default;
  KILN_FIELDS_WITH_BASES(Party, (Contact), name, since)
};
class Audited {
 public:
  std::uint32_t revision = 0;
  bool operator==(const Audited&) const = default;
  KILN_FIELDS(Audited, revision)
};
class Vendor : public Party, public Audited {
 public:
  std::uint16_t rating = 0;
  std::vector<std::string> regions;
  bool operator==(const Vendor&) const = default;
  KILN_FIELDS_WITH_BASES(Vendor, (Party, Audited), rating, regions)
};

inline Vendor make_vendor() {
  Vendor v;
  v.email = "sales@acme.example";
  v.name = "acme";
  v.since = 1999;
  v.revision = 7;
  v.rating = 4;
  v.regions = {"eu", "us"};
  return v;
}

// Another version of Vendor's classes, for readers and fuzz seeds of other versions: Party lost
// `since` and gained `phone`, Audited is gone, Vendor gained `active`. The same wire names, so
// the same types to a reader.
namespace vendor_v2 {
class Contact {
 public:
  std::string email;
  KILN_FIELDS(Contact, email)
};
class Party : public Contact {
 public:
  std::string name;
  std::string phone = "unset";
  KILN_FIELDS_WITH_BASES(Party, (Contact), name, phone)
};
class Vendor : public Party {
 public:
  std::uint16_t rating = 0;
  std::vector<std::string> regions;
  bool active = false;
  KILN_FIELDS_WITH_BASES(Vendor, (Party), rating, regions, active)
};
}  // namespace vendor_v2

}  // namespace kiln::workloads::features
