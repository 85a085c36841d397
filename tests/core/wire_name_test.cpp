// Type names in the schema fingerprint (docs/FORMAT.md 4.2): two types of the same shape but
// different names do not read each other's messages, a declared wire name (kiln_name,
// kiln::WireName) keeps a renamed type's messages readable, and the default wire name is the same
// from every compiler. This file is compiled by g++ (native), em++ (wasm) and clang++ (asan), so
// the static_asserts below hold for all three.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "golden.hpp"
#include "test_util.hpp"
#include "workloads.hpp"

namespace app::v2 {
struct Person {
  std::string name;
};
template <class A, class B>
struct Pair {
  A a;
  B b;
};
struct Outer {
  struct Inner {
    std::int32_t x;
  };
  enum class Color : std::uint8_t { kRed, kGreen };
};
template <class T>
struct Box {
  struct In {
    T v;
  };
};
struct Node {
  std::int32_t value;
  std::vector<Node> children;
};
}  // namespace app::v2

namespace other {
template <class A, class B>
struct Pair {
  A a;
  B b;
};
struct Node {
  std::int32_t value;
  std::vector<Node> children;
};
}  // namespace other

namespace {

using kiln::Error;
using kiln::ErrorCode;
using kiln::test::Bytes;
using kiln::test::decode_error;
using kiln::workloads::Foo;
using kiln::workloads::Record;
namespace reflect = kiln::detail::reflect;

struct Hidden {
  std::int32_t x;
};
enum Level : std::int16_t { kLow, kHigh };
enum class Mode : std::int16_t { kOff, kOn };  // Level's shape, another name

// The documented rename path: Invoice reads and writes Order's messages.
struct Order {
  std::int64_t id;
  std::string customer;
  std::vector<std::int32_t> lines;
  bool operator==(const Order&) const = default;
};
namespace billing {
struct Invoice {
  static constexpr std::string_view kiln_name = "Order";
  std::int64_t id;
  std::string customer;
  std::vector<std::int32_t> lines;
  bool operator==(const Invoice&) const = default;
};
}  // namespace billing

// A class listing its fields keeps its name through KILN_FIELDS too.
class Account {
 public:
  static constexpr std::string_view kiln_name = "acme.Account";
  KILN_FIELDS(Account, id_)

 private:
  std::int64_t id_ = 0;
};

// Types that cannot be edited are named by specializing kiln::WireName.
struct ThirdParty {
  std::int32_t part;
};
enum class Legacy : std::uint8_t { kA };

}  // namespace

template <>
struct kiln::WireName<ThirdParty> {
  static constexpr std::string_view name = "Part";
};
template <>
struct kiln::WireName<Legacy> {
  static constexpr std::string_view name = "Level";
};

namespace {

std::string hex32(std::uint32_t v) {
  char buf[11];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

constexpr std::uint32_t hash_tokens(std::initializer_list<std::string_view> tokens) {
  kiln::detail::Hasher h;
  for (std::string_view t : tokens) h.add(t);
  return h.value32();
}

TEST(WireName, IsTheUnqualifiedIdentifierWithoutTemplateArguments) {
  static_assert(reflect::wire_name<app::v2::Person> == "Person");
  static_assert(reflect::wire_name<app::v2::Pair<std::int32_t, float>> == "Pair");
  // std::string is std::__cxx11::basic_string<char> for g++ and std::basic_string<char> for
  // clang: template arguments never take part.
  static_assert(reflect::wire_name<app::v2::Pair<std::string, std::vector<app::v2::Person>>> ==
                "Pair");
  static_assert(reflect::wire_name<app::v2::Outer::Inner> == "Inner");
  static_assert(reflect::wire_name<app::v2::Outer::Color> == "Color");
  static_assert(reflect::wire_name<app::v2::Box<std::string>::In> == "In");
  // g++ writes {anonymous}::Hidden, clang (anonymous namespace)::Hidden.
  static_assert(reflect::wire_name<Hidden> == "Hidden");
  static_assert(reflect::wire_name<Level> == "Level");
  static_assert(reflect::wire_name<Foo> == "Foo");
  static_assert(reflect::wire_name<Record> == "Record");
  // A class local to a function: g++ writes the function before it, clang does not.
  struct Local {
    std::int32_t x;
  };
  static_assert(reflect::wire_name<Local> == "Local");
  EXPECT_EQ(reflect::unqualified_name("a::b<c::d>::E<f::g>"), "E");
  EXPECT_EQ(reflect::unqualified_name("f()::<lambda()>::X"), "X");
}

TEST(WireName, IsDeclaredByAMemberOrAnAdapterLikeSpecialization) {
  static_assert(reflect::wire_name<billing::Invoice> == "Order");
  static_assert(reflect::wire_name<Account> == "acme.Account");
  static_assert(reflect::wire_name<ThirdParty> == "Part");
  static_assert(reflect::wire_name<Legacy> == "Level");
}

TEST(WireName, ValidNames) {
  static_assert(reflect::valid_wire_name("Order"));
  static_assert(reflect::valid_wire_name("_x1"));
  static_assert(reflect::valid_wire_name("acme.v2.Order"));
  static_assert(!reflect::valid_wire_name(""));
  static_assert(!reflect::valid_wire_name("1st"));
  static_assert(!reflect::valid_wire_name(".Order"));
  static_assert(!reflect::valid_wire_name("Order<int>"));
  static_assert(!reflect::valid_wire_name("a-b"));
  static_assert(!reflect::valid_wire_name("a b"));
  static_assert(!reflect::valid_wire_name("\xc3\xa9t\xc3\xa9"));
  static_assert(!reflect::valid_wire_name(std::string_view("(unnamed struct at x.cpp:1:1)")));
  EXPECT_TRUE(reflect::valid_wire_name(std::string(255, 'a')));
  EXPECT_FALSE(reflect::valid_wire_name(std::string(256, 'a')));
}

TEST(Fingerprint, TheNameFollowsTheStructToken) {
  // FORMAT.md 4.2: struct{ NAME count (field-name field-type)... }
  static_assert(kiln::fingerprint_of<Record>() ==
                hash_tokens({"struct{", "Record", "4", "f1", "i32", "f2", "str", "f3", "seq(",
                             "str", ")", "f4", "map(", "str", "i64", ")", "}"}));
  static_assert(kiln::fingerprint_of<Foo>() ==
                hash_tokens({"struct{", "Foo", "4", "f1", "i32", "f2", "str", "f3", "seq(", "str",
                             ")", "f4", "map(", "str", "i64", ")", "}"}));
  static_assert(kiln::fingerprint_of<Level>() == hash_tokens({"enum", "Level", "i16"}));
  static_assert(kiln::fingerprint_of<Hidden>() ==
                hash_tokens({"struct{", "Hidden", "1", "x", "i32", "}"}));
  // A recursive type refers back to itself by depth, as before.
  static_assert(kiln::fingerprint_of<app::v2::Node>() ==
                hash_tokens({"struct{", "Node", "2", "value", "i32", "children", "seq(", "rec", "1",
                             ")", "}"}));
  EXPECT_EQ(hex32(kiln::fingerprint_of<Record>()), "0xd0c360c2");  // FORMAT.md 4.2
}

TEST(Fingerprint, DifferentNamesDifferentFingerprints) {
  static_assert(kiln::fingerprint_of<Foo>() != kiln::fingerprint_of<Record>());
  static_assert(kiln::fingerprint_of<Level>() != kiln::fingerprint_of<Mode>());
  static_assert(kiln::fingerprint_of<std::vector<Level>>() !=
                kiln::fingerprint_of<std::vector<Mode>>());
  // Renamed by a declared wire name: the original's fingerprint.
  static_assert(kiln::fingerprint_of<billing::Invoice>() == kiln::fingerprint_of<Order>());
  static_assert(kiln::fingerprint_of<Legacy>() == hash_tokens({"enum", "Level", "u8"}));
  // Namespaces and template arguments do not take part; field types do.
  static_assert(kiln::fingerprint_of<app::v2::Pair<std::int32_t, float>>() ==
                kiln::fingerprint_of<other::Pair<std::int32_t, float>>());
  static_assert(kiln::fingerprint_of<app::v2::Pair<std::int32_t, float>>() !=
                kiln::fingerprint_of<app::v2::Pair<std::int32_t, double>>());
  static_assert(kiln::fingerprint_of<app::v2::Node>() == kiln::fingerprint_of<other::Node>());
}

// Each workload's bytes, read as the other, in both number modes: the header check rejects them
// at byte 3 and names both fingerprints, the message's first.
TEST(Fingerprint, FooAndRecordRejectEachOther) {
  for (bool compress : {false, true}) {
    kiln::Codec codec({.compress_numbers = compress});
    const Bytes foo = codec.serialize(kiln::workloads::make_foo()).value();
    const Bytes record = codec.serialize(kiln::workloads::make_record()).value();

    Error e = decode_error<Record>(foo, {.compress_numbers = compress});
    EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch) << compress;
    EXPECT_EQ(e.offset, 3u) << compress;
    EXPECT_EQ(e.detail, "message schema fingerprint is " + hex32(kiln::fingerprint_of<Foo>()) +
                            " but kiln::workloads::Record has " +
                            hex32(kiln::fingerprint_of<Record>()));

    e = decode_error<Foo>(record, {.compress_numbers = compress});
    EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch) << compress;
    EXPECT_EQ(e.offset, 3u) << compress;
    EXPECT_EQ(e.detail, "message schema fingerprint is " + hex32(kiln::fingerprint_of<Record>()) +
                            " but kiln::workloads::Foo has " + hex32(kiln::fingerprint_of<Foo>()));

    // Each still reads its own.
    EXPECT_EQ(codec.deserialize<Foo>(foo).value(), kiln::workloads::make_foo());
    EXPECT_EQ(codec.deserialize<Record>(record).value(), kiln::workloads::make_record());
  }
}

TEST(Fingerprint, TheGoldenFooVectorIsNotARecord) {
  const auto& vectors = kiln::test::golden_vectors();
  for (const char* name : {"foo_fixed", "foo_compressed"}) {
    Error e = decode_error<Record>(vectors.at(name),
                                   {.compress_numbers = std::string(name) == "foo_compressed"});
    EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch) << name;
    EXPECT_EQ(e.offset, 3u) << name;
  }
  for (const char* name : {"record_fixed", "record_compressed"}) {
    Error e = decode_error<Foo>(vectors.at(name));
    EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch) << name;
    EXPECT_EQ(e.offset, 3u) << name;
  }
}

TEST(Rename, ADeclaredWireNameReadsAndWritesTheOriginalsMessages) {
  const Order order{7, "ada", {1, 2, 3}};
  const billing::Invoice invoice{7, "ada", {1, 2, 3}};
  for (kiln::Options o : kiln::test::every_option_set()) {
    if (!o.header) continue;  // without a header nothing checks the type
    kiln::Codec codec(o);
    const Bytes from_order = codec.serialize(order).value();
    const Bytes from_invoice = codec.serialize(invoice).value();
    EXPECT_EQ(from_order, from_invoice);  // compatible mode's type table included
    EXPECT_EQ(codec.deserialize<billing::Invoice>(from_order).value(), invoice);
    EXPECT_EQ(codec.deserialize<Order>(from_invoice).value(), order);
  }
}

TEST(Rename, CompatibleModeStillReadsAnotherNamesFields) {
  // Compatible mode matches fields by id, whatever the types are called: the tool for evolution.
  kiln::Codec codec({.compatible = true});
  const Bytes foo = codec.serialize(kiln::workloads::make_foo()).value();
  kiln::Result<Record> record = codec.deserialize<Record>(foo);
  ASSERT_TRUE(record.ok()) << record.error().message();
  EXPECT_EQ(record->f2, kiln::workloads::make_foo().f2);
  EXPECT_EQ(record->f4, kiln::workloads::make_foo().f4);
}

TEST(Rename, TheTypeTableCarriesTheWireName) {
  kiln::Codec codec({.compatible = true});
  const Bytes m = codec.serialize(app::v2::Pair<std::string, std::int32_t>{"a", 1}).value();
  kiln::Result<std::string> json = kiln::inspect(m);
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_NE(json->find("\"types\":[{\"name\":\"Pair\","), std::string::npos) << *json;
  const Bytes invoice = codec.serialize(billing::Invoice{1, "b", {}}).value();
  json = kiln::inspect(invoice);
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_NE(json->find("\"root\":\"Order\""), std::string::npos) << *json;
}

}  // namespace
