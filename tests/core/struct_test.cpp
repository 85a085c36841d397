// Structs: aggregates through Boost.PFR, classes with KILN_FIELDS, compile-time field names,
// schema fingerprints, recursive types and the nesting limit.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <deque>
#include <limits>
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

#include "test_util.hpp"

namespace {

using kiln::ErrorCode;
using kiln::fingerprint_of;
using kiln::detail::reflect::field_count;
using kiln::detail::reflect::field_name;
using kiln::test::body_error;
using kiln::test::Bytes;
using kiln::test::payload;
using kiln::test::round_trips;

struct Point {
  std::int32_t x;
  std::int32_t y;
  bool operator==(const Point&) const = default;
};

struct Segment {
  Point from;
  Point to;
  bool operator==(const Segment&) const = default;
};

struct Shape {
  std::string name;
  std::vector<Segment> segments;
  std::optional<Point> anchor;
  bool operator==(const Shape&) const = default;
};

struct Drawing {
  std::string title;
  std::vector<Shape> shapes;
  std::map<std::string, Shape> layers;
  bool operator==(const Drawing&) const = default;
};

// Private fields, listed with KILN_FIELDS; cache_ is deliberately not serialized.
class Account {
 public:
  Account() = default;
  Account(std::string owner, std::int64_t balance, std::vector<std::string> tags,
          std::int32_t cache)
      : owner_(std::move(owner)), balance_(balance), tags_(std::move(tags)), cache_(cache) {}
  const std::string& owner() const { return owner_; }
  std::int64_t balance() const { return balance_; }
  const std::vector<std::string>& tags() const { return tags_; }
  std::int32_t cache() const { return cache_; }
  bool operator==(const Account&) const = default;

 private:
  std::string owner_;
  std::int64_t balance_ = 0;
  std::vector<std::string> tags_;
  std::int32_t cache_ = 0;

  KILN_FIELDS(Account, owner_, balance_, tags_)
};

// A base class's fields listed by the derived class.
class Entity {
 public:
  std::int32_t id() const { return id_; }

 protected:
  std::int32_t id_ = 0;
};

class User : public Entity {
 public:
  User() = default;
  User(std::int32_t id, std::string name) : name_(std::move(name)) { id_ = id; }
  const std::string& name() const { return name_; }

 private:
  std::string name_;

  KILN_FIELDS(User, id_, name_)
};

enum class Color : std::uint8_t { kRed = 1, kBlue = 200 };

struct Everything {
  bool b;
  std::int8_t i8;
  std::uint8_t u8;
  std::int16_t i16;
  std::uint16_t u16;
  std::int32_t i32;
  std::uint32_t u32;
  std::int64_t i64;
  std::uint64_t u64;
  char c;
  char8_t c8;
  char16_t c16;
  char32_t c32;
  float f;
  double d;
  Color color;
  std::string s;
  std::vector<std::int32_t> vi;
  std::vector<std::string> vs;
  std::array<std::int16_t, 3> arr;
  std::list<std::string> lst;
  std::deque<double> dq;
  std::set<std::int32_t> st;
  std::unordered_set<std::string> ust;
  std::map<std::string, std::int64_t> mp;
  std::unordered_map<std::int32_t, std::string> ump;
  std::optional<Point> opt;
  std::optional<std::string> none;
  std::variant<std::int32_t, std::string> var;
  std::pair<std::int8_t, std::string> pr;
  std::tuple<std::int32_t, float, std::string> tup;
  Point p;
  std::vector<Point> pts;
  Account account;
};

Everything make_everything() {
  Everything e{};
  e.b = true;
  e.i8 = -128;
  e.u8 = 255;
  e.i16 = -12345;
  e.u16 = 54321;
  e.i32 = -2000000000;
  e.u32 = 4000000000u;
  e.i64 = -9000000000000000000;
  e.u64 = 18000000000000000000ull;
  e.c = 'k';
  e.c8 = 0xE9;
  e.c16 = u'\u20AC';
  e.c32 = U'\U0001F600';
  e.f = -0.0f;
  e.d = 1.0 / 3;
  e.color = Color::kBlue;
  e.s = "h\xC3\xA9llo";
  e.vi = {1, -1, 1000000};
  e.vs = {"", "a"};
  e.arr = {-1, 0, 1};
  e.lst = {"x", "y"};
  e.dq = {0.5, -2.25};
  e.st = {3, 1, 2};
  e.ust = {"one", "two"};
  e.mp = {{"k1", 10}, {"k2", -20}};
  e.ump = {{7, "seven"}, {-1, ""}};
  e.opt = Point{4, 5};
  e.none = std::nullopt;
  e.var = std::string("alt");
  e.pr = {-3, "pair"};
  e.tup = {42, 1.5f, "tuple"};
  e.p = {-7, 7};
  e.pts = {{1, 1}, {2, 2}};
  e.account = Account("ann", -5, {"vip"}, 99);
  return e;
}

// --- aggregates ----------------------------------------------------------------------------

TEST(Struct, FlatAggregate) {
  EXPECT_TRUE(round_trips(Point{1, -1}));
  EXPECT_TRUE(round_trips(Point{std::numeric_limits<std::int32_t>::min(), 0}));
  EXPECT_EQ(payload(Point{1, -1}), (Bytes{0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff}));
  EXPECT_EQ(payload(Point{1, -1}, true), (Bytes{0x02, 0x01}));
}

TEST(Struct, NestedAggregates) {
  EXPECT_TRUE(round_trips(Segment{{1, 2}, {3, 4}}));
  EXPECT_EQ(payload(Segment{{1, 2}, {3, 4}}, true), (Bytes{0x02, 0x04, 0x06, 0x08}));
  EXPECT_EQ(payload(Segment{{1, 2}, {3, 4}}).size(), 16u);
  Shape square{"square", {{{0, 0}, {0, 1}}, {{0, 1}, {1, 1}}}, Point{0, 0}};
  EXPECT_TRUE(round_trips(square));
  EXPECT_TRUE(round_trips(Shape{}));
  Drawing d{"plan", {square, Shape{"empty", {}, std::nullopt}}, {{"base", square}}};
  EXPECT_TRUE(round_trips(d));
  // A struct's fields follow each other with no framing.
  Bytes shape = payload(Shape{"ab", {}, std::nullopt});
  EXPECT_EQ(shape, (Bytes{0x02, 'a', 'b', 0x00, 0x00}));
}

TEST(Struct, EveryFieldFamily) {
  const Everything e = make_everything();
  EXPECT_TRUE(round_trips(e));
  EXPECT_TRUE(round_trips(Everything{}));
  static_assert(field_count<Everything> == 34);
  static_assert(field_name<Everything, 0> == "b");
  static_assert(field_name<Everything, 12> == "c32");
  static_assert(field_name<Everything, 25> == "ump");
  static_assert(field_name<Everything, 33> == "account");
  auto r = kiln::Codec().deserialize<Everything>(kiln::Codec().serialize(e).value());
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->account.owner(), "ann");
  EXPECT_EQ(r->account.cache(), 0) << "fields not listed in KILN_FIELDS are not serialized";
}

// --- KILN_FIELDS ---------------------------------------------------------------------------

TEST(Struct, PrivateFieldsWithKilnFields) {
  Account a("bob", 1234567890123, {"a", "b"}, 77);
  auto same_fields = [](const Account& x, const Account& y) {
    return x.owner() == y.owner() && x.balance() == y.balance() && x.tags() == y.tags();
  };
  for (bool compress : {false, true}) {
    kiln::Codec codec({.compress_numbers = compress});
    auto r = codec.deserialize<Account>(codec.serialize(a).value());
    ASSERT_TRUE(r.ok()) << r.error().message();
    EXPECT_TRUE(same_fields(*r, a));
    EXPECT_EQ(r->cache(), 0);
  }
  EXPECT_TRUE(round_trips(a));
  // Fields in the listed order: owner_, balance_, tags_.
  Bytes expected{0x03, 'b', 'o', 'b'};
  Bytes balance = payload(std::int64_t{1234567890123});
  expected.insert(expected.end(), balance.begin(), balance.end());
  Bytes tags = payload(std::vector<std::string>{"a", "b"});
  expected.insert(expected.end(), tags.begin(), tags.end());
  EXPECT_EQ(payload(a), expected);
}

TEST(Struct, BaseClassFieldsWithKilnFields) {
  User u(17, "eve");
  auto r = kiln::Codec().deserialize<User>(kiln::Codec().serialize(u).value());
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->id(), 17);
  EXPECT_EQ(r->name(), "eve");
  EXPECT_EQ(payload(u, true), (Bytes{0x22, 0x03, 'e', 'v', 'e'}));
  EXPECT_TRUE(round_trips(u));
}

// --- compile-time field names --------------------------------------------------------------

struct OddNames {
  std::int32_t _leading;
  std::int32_t trailing_;
  std::int32_t x1y2;
  std::int32_t CamelCase;
  std::map<std::string, std::vector<std::int32_t>> templated;
  Point nested;
};

static_assert(field_count<Point> == 2);
static_assert(field_name<Point, 0> == "x");
static_assert(field_name<Point, 1> == "y");
static_assert(field_name<Segment, 0> == "from");
static_assert(field_name<Segment, 1> == "to");
static_assert(field_name<OddNames, 0> == "_leading");
static_assert(field_name<OddNames, 1> == "trailing_");
static_assert(field_name<OddNames, 2> == "x1y2");
static_assert(field_name<OddNames, 3> == "CamelCase");
static_assert(field_name<OddNames, 4> == "templated");
static_assert(field_name<OddNames, 5> == "nested");
static_assert(field_count<Account> == 3);
static_assert(field_name<Account, 0> == "owner_");
static_assert(field_name<Account, 1> == "balance_");
static_assert(field_name<Account, 2> == "tags_");
static_assert(field_count<User> == 2);
static_assert(field_name<User, 0> == "id_");
static_assert(field_name<User, 1> == "name_");

TEST(Struct, LocalAggregate) {
  // A class declared inside a function has no linkage; its field names still work.
  struct Local {
    std::int32_t first;
    std::string second_field;
    bool operator==(const Local&) const = default;
  };
  static_assert(field_name<Local, 0> == "first");
  static_assert(field_name<Local, 1> == "second_field");
  EXPECT_TRUE(round_trips(Local{-9, "local"}));
  struct LocalRenamed {
    std::int32_t first;
    std::string second;
  };
  static_assert(fingerprint_of<Local>() != fingerprint_of<LocalRenamed>());
}

TEST(Struct, FieldNamesAtRunTime) {
  // The same names, read at run time (the static_asserts above already pin them).
  EXPECT_EQ((field_name<Drawing, 2>), "layers");
  EXPECT_EQ((field_name<Shape, 1>), "segments");
}

// --- fingerprints --------------------------------------------------------------------------

struct Base {
  std::int32_t x;
  std::string name;
};
struct SameShape {  // another name
  std::int32_t x;
  std::string name;
};
struct SameShapeNamedBase {  // another C++ name, Base's wire name
  static constexpr std::string_view kiln_name = "Base";
  std::int32_t x;
  std::string name;
};
struct Renamed {
  std::int32_t x;
  std::string label;
};
struct Retyped {
  std::int64_t x;
  std::string name;
};
struct Reordered {
  std::string name;
  std::int32_t x;
};
struct Extended {
  std::int32_t x;
  std::string name;
  bool extra;
};
class ListedBase {  // a private wire name is read through KILN_FIELDS
  static constexpr std::string_view kiln_name = "Base";
  std::int32_t x = 0;
  std::string name;
  KILN_FIELDS(ListedBase, x, name)
};
struct HoldsBase {
  Base inner;
};
struct HoldsSameShape {
  SameShape inner;
};
struct HoldsRenamed {
  Renamed inner;
};

TEST(Struct, FingerprintCoversNamesTypesAndOrder) {
  constexpr std::uint32_t base = fingerprint_of<Base>();
  static_assert(fingerprint_of<SameShape>() != base);
  static_assert(fingerprint_of<SameShapeNamedBase>() == base);
  static_assert(fingerprint_of<ListedBase>() == base);
  static_assert(fingerprint_of<Renamed>() != base);
  static_assert(fingerprint_of<Retyped>() != base);
  static_assert(fingerprint_of<Reordered>() != base);
  static_assert(fingerprint_of<Extended>() != base);
  static_assert(fingerprint_of<std::tuple<std::int32_t, std::string>>() != base);
  static_assert(fingerprint_of<HoldsBase>() != fingerprint_of<HoldsSameShape>());
  static_assert(fingerprint_of<HoldsBase>() != fingerprint_of<HoldsRenamed>());
  static_assert(fingerprint_of<HoldsBase>() != base);

  // And the header carries it: a renamed field or type is a schema mismatch, a type declaring the
  // writer's wire name is not.
  Bytes message = kiln::Codec().serialize(Base{1, "n"}).value();
  EXPECT_EQ(kiln::test::decode_error<Renamed>(message).code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(kiln::test::decode_error<Retyped>(message).code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(kiln::test::decode_error<Reordered>(message).code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(kiln::test::decode_error<SameShape>(message).code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(kiln::test::decode_error<SameShapeNamedBase>(message).code, ErrorCode::kOk);
  EXPECT_EQ(kiln::test::decode_error<ListedBase>(message).code, ErrorCode::kOk);
  std::uint32_t in_header = 0;
  for (int i = 0; i < 4; ++i) in_header |= std::uint32_t{message[3 + i]} << (8 * i);
  EXPECT_EQ(in_header, base);
}

// --- recursive types and the nesting limit -------------------------------------------------

struct Node {
  std::int32_t v;
  std::vector<Node> kids;
  bool operator==(const Node&) const = default;
};

// Same field names and types as Node, and Node's wire name: the same schema.
struct Twin {
  static constexpr std::string_view kiln_name = "Node";
  std::int32_t v;
  std::vector<Twin> kids;
};

struct Tree {
  std::int32_t v;
  std::vector<Tree> children;
};

struct Odd;
struct Even {
  std::string tag;
  std::vector<Odd> next;
};
struct Odd {
  std::int64_t n;
  std::optional<Even> next;
};

// A chain of `depth` nodes, each the only child of the one before.
Node chain(int depth) {
  Node n{depth % 50, {}};
  for (int i = depth - 1; i >= 1; --i) {
    Node parent{i % 50, {}};
    parent.kids.push_back(std::move(n));
    n = std::move(parent);
  }
  return n;
}

struct Flat {
  std::int32_t v;
  std::vector<Point> kids;
};

TEST(Struct, RecursiveTypeRoundTrips) {
  EXPECT_TRUE(round_trips(Node{}));
  Node tree{1, {{2, {}}, {3, {{4, {}}, {5, {{6, {}}}}}}, {7, {}}}};
  EXPECT_TRUE(round_trips(tree));
  EXPECT_TRUE(round_trips(chain(20)));
  EXPECT_EQ(payload(Node{1, {{2, {}}, {3, {}}}}, true),
            (Bytes{0x02, 0x02, 0x04, 0x00, 0x06, 0x00}));
  Even e{"a", {Odd{1, Even{"b", {Odd{2, std::nullopt}}}}, Odd{3, std::nullopt}}};
  EXPECT_TRUE(round_trips(e));
  EXPECT_TRUE(round_trips(Odd{-1, e}));
}

TEST(Struct, RecursiveTypeFingerprints) {
  static_assert(fingerprint_of<Node>() == fingerprint_of<Twin>());
  static_assert(fingerprint_of<Node>() != fingerprint_of<Tree>());
  static_assert(fingerprint_of<Node>() != fingerprint_of<std::vector<Node>>());
  static_assert(fingerprint_of<Even>() != fingerprint_of<Odd>());
  // Not the fingerprint of a non-recursive struct with the same first level.
  static_assert(fingerprint_of<Node>() != fingerprint_of<Flat>());
  Bytes message = kiln::Codec().serialize(Node{1, {{2, {}}}}).value();
  auto twin = kiln::Codec().deserialize<Twin>(message);
  ASSERT_TRUE(twin.ok()) << twin.error().message();
  ASSERT_EQ(twin->kids.size(), 1u);
  EXPECT_EQ(twin->kids[0].v, 2);
}

TEST(Struct, NestingAtTheLimitIsAccepted) {
  kiln::Options options;
  ASSERT_EQ(options.limits.max_depth, 64u);
  EXPECT_TRUE(round_trips(chain(64), options));
  options.limits.max_depth = 3;
  EXPECT_TRUE(round_trips(chain(3), options));
}

TEST(Struct, NestingBeyondTheLimitIsRejected) {
  for (bool compress : {false, true}) {
    Bytes message = kiln::Codec({.compress_numbers = compress}).serialize(chain(65)).value();
    kiln::Error e = kiln::test::decode_error<Node>(message);
    EXPECT_EQ(e.code, ErrorCode::kDepthExceeded) << compress;
    // Each level is v then a one-byte count: 5 bytes fixed, 2 compressed (v < 64). The 65th
    // node starts after 64 of them.
    EXPECT_EQ(e.offset, 7u + 64u * (compress ? 2u : 5u)) << compress;

    kiln::Options small;
    small.limits.max_depth = 3;
    message = kiln::Codec({.compress_numbers = compress}).serialize(chain(4)).value();
    e = kiln::test::decode_error<Node>(message, small);
    EXPECT_EQ(e.code, ErrorCode::kDepthExceeded) << compress;
    EXPECT_EQ(e.offset, 7u + 3u * (compress ? 2u : 5u)) << compress;
  }
}

TEST(Struct, HostileDeepNestingStopsAtTheLimit) {
  // 100,000 levels claimed by a forged message: rejected at level 65, not a stack overflow.
  Bytes body;
  for (int i = 0; i < 100000; ++i) body.insert(body.end(), {0x00, 0x00, 0x00, 0x00, 0x01});
  body.insert(body.end(), {0x00, 0x00, 0x00, 0x00, 0x00});
  kiln::Error e = body_error<Node>(body);
  EXPECT_EQ(e.code, ErrorCode::kDepthExceeded);
  EXPECT_EQ(e.offset, 7u + 64u * 5u);
}

// --- robustness ----------------------------------------------------------------------------

TEST(Struct, EveryTruncationIsRejected) {
  for (bool compress : {false, true}) {
    Bytes full = kiln::Codec({.compress_numbers = compress}).serialize(make_everything()).value();
    for (std::size_t n = 0; n < full.size(); ++n) {
      kiln::Error e = kiln::test::decode_error<Everything>(std::span(full.data(), n));
      ASSERT_NE(e.code, ErrorCode::kOk) << "truncated to " << n << " of " << full.size();
      EXPECT_LE(e.offset, n);
    }
  }
}

TEST(Struct, CorruptedBytesNeverCrash) {
  // Every byte of the payload replaced by a few values: decoding either succeeds or reports an
  // error inside the message; it never reads out of bounds (checked under the sanitizers).
  for (bool compress : {false, true}) {
    Bytes full = kiln::Codec({.compress_numbers = compress}).serialize(make_everything()).value();
    for (std::size_t i = kiln::detail::wire::kHeaderBytes; i < full.size(); ++i) {
      for (std::uint8_t v : {0x00, 0x01, 0x02, 0x7f, 0x80, 0xff}) {
        Bytes bad = full;
        bad[i] = v;
        kiln::Error e = kiln::test::decode_error<Everything>(bad);
        if (e.code != ErrorCode::kOk) {
          EXPECT_LE(e.offset, bad.size()) << i << " " << int{v};
        }
      }
    }
  }
}

}  // namespace
