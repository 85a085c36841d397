// Compatible mode: versions of a type read each other's messages (fields added, removed,
// reordered, renamed with an explicit id), incompatible changes are rejected naming the field,
// and forged type tables are rejected without crashing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "golden.hpp"
#include "golden_cases.hpp"
#include "kiln/detail/evolve/json.hpp"
#include "kiln/inspect.hpp"
#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using kiln::Codec;
using kiln::Error;
using kiln::ErrorCode;
using kiln::test::Bytes;

const kiln::Options kCompatibleFixed{.compatible = true};
const kiln::Options kCompatibleCompressed{.compress_numbers = true, .compatible = true};

namespace v1 {
struct Address {
  std::string city;
  std::int32_t zip;
  bool operator==(const Address&) const = default;
};
struct Person {
  std::int32_t id;
  std::string name;
  std::int32_t age;  // removed in version 2
  std::vector<std::string> tags;
  Address home;
  bool operator==(const Person&) const = default;
};
Person sample() {
  return Person{7, "Ada", 36, {"math", "engines"}, {"London", 12345}};
}
}  // namespace v1

namespace v2 {
struct Address {  // fields reordered, one added
  std::int32_t zip;
  std::string city;
  std::string country;
  bool operator==(const Address&) const = default;
};
struct Person {
  std::vector<std::string> tags;  // moved
  std::string full_name;          // renamed from "name": keeps the old name's id
  std::int32_t id;
  Address home;
  std::optional<std::int64_t> followers;       // added
  std::map<std::string, std::int32_t> scores;  // added
  static constexpr kiln::FieldId kiln_field_ids[] = {{"full_name", kiln::field_id_of("name")}};
  bool operator==(const Person&) const = default;
};
Person sample() {
  return Person{{"logic"}, "Grace", 9, {2000, "Arlington", "USA"}, 1234567890123, {{"cobol", 10}}};
}
}  // namespace v2

namespace v3 {
struct Person {  // id changed from int32 to string: incompatible
  std::string id;
  std::string name;
};
struct Address {
  std::string city;
  std::string zip;  // int32 -> string: incompatible, one level down
};
struct PersonWithAddress {
  std::int32_t id;
  Address home;
};
}  // namespace v3

namespace v1b {
struct Person {  // version 1's Person, but Address is v3's (the type of its zip changed)
  std::int32_t id;
  v1::Address home;
};
}  // namespace v1b

template <class To, class From>
kiln::Result<To> convert(const From& value, kiln::Options options) {
  return Codec().deserialize<To>(Codec(options).serialize(value).value());
}

TEST(Compatible, OldMessageReadByNewVersion) {
  for (const auto& options : {kCompatibleFixed, kCompatibleCompressed}) {
    auto got = convert<v2::Person>(v1::sample(), options);
    ASSERT_TRUE(got.ok()) << got.error().message();
    EXPECT_EQ(got->id, 7);
    EXPECT_EQ(got->full_name, "Ada");  // renamed field, matched by its explicit id
    EXPECT_EQ(got->tags, (std::vector<std::string>{"math", "engines"}));
    EXPECT_EQ(got->home, (v2::Address{12345, "London", ""}));  // country: default
    EXPECT_FALSE(got->followers.has_value());
    EXPECT_TRUE(got->scores.empty());
  }
}

TEST(Compatible, NewMessageReadByOldVersion) {
  for (const auto& options : {kCompatibleFixed, kCompatibleCompressed}) {
    Bytes bytes = Codec(options).serialize(v2::sample()).value();
    // Decoding into a used object: the field the message lacks is reset to its default.
    v1::Person got = v1::sample();
    kiln::Status s = Codec().deserialize_into(bytes, got);
    ASSERT_TRUE(s.ok()) << s.error().message();
    EXPECT_EQ(got, (v1::Person{9, "Grace", 0, {"logic"}, {"Arlington", 2000}}));
  }
}

TEST(Compatible, SameVersionRoundTripsWithTableThenConsistentBody) {
  for (bool compress : {false, true}) {
    kiln::Options options{.compress_numbers = compress, .compatible = true};
    EXPECT_TRUE(kiln::test::round_trips(v2::sample(), options));
    Bytes compatible = Codec(options).serialize(v2::sample()).value();
    Bytes consistent = Codec({.compress_numbers = compress}).serialize(v2::sample()).value();
    EXPECT_EQ(compatible[2], compress ? 0x05 : 0x04);  // flags: compatible (+ compressed)
    // Same fingerprint, then the table, then exactly the schema-consistent body.
    EXPECT_TRUE(std::equal(consistent.begin() + 3, consistent.begin() + 7, compatible.begin() + 3));
    constexpr std::size_t table = kiln::detail::evolve::Schema<v2::Person>::size;
    ASSERT_EQ(compatible.size(), consistent.size() + table);
    EXPECT_TRUE(
        std::equal(consistent.begin() + 7, consistent.end(), compatible.begin() + 7 + table));
  }
}

TEST(Compatible, TableIsWrittenOncePerMessage) {
  std::vector<v1::Person> one(1, v1::sample()), many(100, v1::sample());
  Codec compatible(kCompatibleFixed), consistent;
  std::size_t overhead_one =
      compatible.serialize(one).value().size() - consistent.serialize(one).value().size();
  std::size_t overhead_many =
      compatible.serialize(many).value().size() - consistent.serialize(many).value().size();
  EXPECT_EQ(overhead_one, overhead_many);
  EXPECT_EQ(overhead_one, kiln::detail::evolve::Schema<std::vector<v1::Person>>::size);
  auto back = convert<std::vector<v2::Person>>(many, kCompatibleCompressed);
  ASSERT_TRUE(back.ok()) << back.error().message();
  ASSERT_EQ(back->size(), 100u);
  EXPECT_EQ((*back)[99].full_name, "Ada");
}

TEST(Compatible, ConsistentModeStillRejectsOtherVersionsNamingBothFingerprints) {
  Bytes bytes = Codec().serialize(v1::sample()).value();
  Error e = kiln::test::decode_error<v2::Person>(bytes);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(e.offset, 3u);
  char fp1[11], fp2[11];
  std::snprintf(fp1, sizeof fp1, "0x%08x", kiln::fingerprint_of<v1::Person>());
  std::snprintf(fp2, sizeof fp2, "0x%08x", kiln::fingerprint_of<v2::Person>());
  EXPECT_EQ(e.message(), std::string("schema mismatch at byte 3: message schema fingerprint is ") +
                             fp1 + " but " +
                             std::string(kiln::detail::reflect::type_name<v2::Person>) + " has " +
                             fp2);
  EXPECT_NE(e.message().find("v2::Person"), std::string::npos);
}

TEST(Compatible, IncompatibleFieldTypeIsRejectedNamingTheField) {
  Bytes bytes = Codec(kCompatibleFixed).serialize(v1::sample()).value();
  Error e = kiln::test::decode_error<v3::Person>(bytes);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(e.message().find("field 'id' of Person has type i32 in the message but str in the "
                             "reader"),
            e.message().find("field"))
      << e.message();
  EXPECT_NE(e.message().find("field 'id'"), std::string::npos) << e.message();
  // The offset is that of the field's type descriptor in the table.
  ASSERT_LT(e.offset, bytes.size());
  EXPECT_EQ(bytes[e.offset], kiln::detail::evolve::kI32);

  // One level down: Address.zip changed type.
  e = kiln::test::decode_error<v3::PersonWithAddress>(
      Codec(kCompatibleCompressed).serialize(v1b::Person{1, {"Paris", 75001}}).value());
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_NE(e.message().find("field 'zip' of Address has type i32 in the message but str"),
            std::string::npos)
      << e.message();
}

TEST(Compatible, RootTypeChangeIsRejected) {
  Bytes bytes = Codec(kCompatibleFixed).serialize(std::vector<std::int32_t>{1, 2}).value();
  Error e = kiln::test::decode_error<std::vector<std::int64_t>>(bytes);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_NE(e.message().find("root type is seq<i32> but the reader's is seq<i64>"),
            std::string::npos)
      << e.message();
  auto same = Codec().deserialize<std::vector<std::int32_t>>(bytes);
  ASSERT_TRUE(same.ok());
  EXPECT_EQ(*same, (std::vector<std::int32_t>{1, 2}));
}

// Every kind of value in fields the reader does not know, so that each is skipped.
struct Everything {
  std::int32_t first;
  bool b;
  std::int8_t i8;
  std::uint16_t u16;
  char32_t c32;
  std::uint32_t u32;
  std::uint64_t u64;
  float f32;
  double f64;
  std::string s;
  std::vector<std::int64_t> seq;
  std::set<std::string> set;
  std::map<std::int32_t, std::vector<std::string>> map;
  std::optional<v1::Address> some;
  std::optional<v1::Address> none;
  std::array<std::int16_t, 3> arr;
  std::tuple<std::int32_t, std::string> tup;
  std::variant<std::int32_t, std::string, v1::Address> var;
  std::vector<v1::Address> addresses;
  std::int32_t last;
  bool operator==(const Everything&) const = default;
};
struct FirstAndLast {
  std::int32_t last;
  std::int32_t first;
};
Everything everything() {
  return Everything{-5,
                    true,
                    -8,
                    65535,
                    U'\U0001F600',
                    4000000000u,
                    ~std::uint64_t{0},
                    1.5f,
                    -2.25,
                    "text",
                    {1, -2, 3},
                    {"a", "b"},
                    {{1, {"x"}}, {2, {}}},
                    v1::Address{"Oslo", 150},
                    std::nullopt,
                    {1, 2, 3},
                    {4, "five"},
                    v1::Address{"Rome", 100},
                    {{"A", 1}, {"B", 2}},
                    99};
}

TEST(Compatible, UnknownFieldsOfEveryKindAreSkipped) {
  for (const auto& options : {kCompatibleFixed, kCompatibleCompressed}) {
    auto got = convert<FirstAndLast>(everything(), options);
    ASSERT_TRUE(got.ok()) << got.error().message();
    EXPECT_EQ(got->first, -5);
    EXPECT_EQ(got->last, 99);
    auto back = convert<Everything>(everything(), options);
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_EQ(*back, everything());
    // And the other way: every field of Everything but two is missing, so defaulted.
    auto wide = convert<Everything>(FirstAndLast{3, 4}, options);
    ASSERT_TRUE(wide.ok()) << wide.error().message();
    Everything expected{};
    expected.first = 4;
    expected.last = 3;
    EXPECT_EQ(*wide, expected);
  }
}

struct NodeV1 {
  std::int32_t value;
  std::vector<NodeV1> kids;
  bool operator==(const NodeV1&) const = default;
};
struct NodeV2 {
  std::vector<NodeV2> kids;
  std::string label;
  std::int32_t value;
};

TEST(Compatible, RecursiveTypes) {
  NodeV1 tree{1, {{2, {}}, {3, {{4, {}}}}}};
  EXPECT_TRUE(kiln::test::round_trips(tree, kCompatibleFixed));
  auto got = convert<NodeV2>(tree, kCompatibleCompressed);
  ASSERT_TRUE(got.ok()) << got.error().message();
  EXPECT_EQ(got->value, 1);
  ASSERT_EQ(got->kids.size(), 2u);
  ASSERT_EQ(got->kids[1].kids.size(), 1u);
  EXPECT_EQ(got->kids[1].kids[0].value, 4);
  auto back = convert<NodeV1>(*got, kCompatibleFixed);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(*back, tree);
}

}  // namespace

// A type with a hand-written serializer has no descriptor: compatible mode falls back. (Outside
// the anonymous namespace, so that its serializer's unused members are not warned about.)
namespace evolution_test {
// A class with a base: its table entry lists the base as a field named ^Shape (FORMAT.md 10.2).
class Shape {
 public:
  std::int32_t sides = 3;
  KILN_FIELDS(Shape, sides)
};
class Tile : public Shape {
 public:
  std::string color = "red";
  KILN_FIELDS_WITH_BASES(Tile, (Shape), color)
};
struct Celsius {
  double degrees;
};
struct Reading {
  std::int32_t sensor;
  Celsius temperature;
};
}  // namespace evolution_test

template <>
struct kiln::Serializer<evolution_test::Celsius> {  // hundredths of a degree as an int32
  using Celsius = evolution_test::Celsius;
  static constexpr std::size_t min_bytes = 4;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;  // so no write_raw is needed
  template <class M>
  static constexpr bool exact = false;
  static constexpr void fingerprint(Hasher& h) { h.add("celsius"); }
  template <class M>
  static void write(Writer& w, const Celsius& c) {
    w.write_fixed(static_cast<std::int32_t>(c.degrees * 100));
  }
  template <class M>
  static bool read(Reader& r, Celsius& c) {
    std::int32_t v = 0;
    if (!r.read_fixed(v, "celsius")) return false;
    c.degrees = v / 100.0;
    return true;
  }
};

namespace {

using evolution_test::Reading;

TEST(Compatible, TypesWithoutADescriptorRefuseCompatibleMode) {
  static_assert(!kiln::detail::evolve::Schema<Reading>::ok);
  static_assert(kiln::detail::evolve::Schema<v1::Person>::ok);
  // The option is refused, not dropped: every way of writing says why, and writes nothing.
  Codec writer(kCompatibleCompressed);
  auto refused = writer.serialize(Reading{3, {21.5}});
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().code, ErrorCode::kUnsupportedOption);
  EXPECT_NE(refused.error().detail.find("Reading"), std::string::npos) << refused.error().message();
  Bytes out{0xAA};
  EXPECT_EQ(writer.serialize_into(Reading{3, {21.5}}, out).error().code,
            ErrorCode::kUnsupportedOption);
  EXPECT_EQ(out, Bytes{0xAA});
  auto view = writer.serialize_view(Reading{3, {21.5}});
  ASSERT_FALSE(view.has_value());
  EXPECT_EQ(view.error().code, ErrorCode::kUnsupportedOption);
  // Nor can a header-less reader told compatible mode out of band read such a type that way.
  kiln::Options bare = kCompatibleCompressed;
  bare.header = false;
  Reading into{};
  EXPECT_EQ(Codec(bare).deserialize_into(Bytes{0x06, 0x00, 0x00, 0x00, 0x00}, into).error().code,
            ErrorCode::kUnsupportedOption);
  // The same codec still writes types that have a descriptor.
  EXPECT_TRUE(writer.serialize(v1::Person{}).has_value());

  // A class with bases has a description: its bases are fields of its entry.
  static_assert(kiln::detail::evolve::Schema<evolution_test::Shape>::ok);
  static_assert(kiln::detail::evolve::Schema<evolution_test::Tile>::ok);

  Bytes bytes = Codec({.compress_numbers = true}).serialize(Reading{3, {21.5}}).value();
  EXPECT_EQ(bytes[2], 0x01);
  auto back = Codec().deserialize<Reading>(bytes);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->temperature.degrees, 21.5);
  // A compatible-mode message cannot be read into such a type.
  Bytes compatible = Codec(kCompatibleFixed).serialize(v1::Address{"Oslo", 150}).value();
  Error e = kiln::test::decode_error<Reading>(compatible);
  EXPECT_EQ(e.code, ErrorCode::kBadFlags);
  EXPECT_EQ(e.offset, 2u);  // the flags byte that asked for a type table
  EXPECT_NE(e.message().find("cannot be read from a compatible-mode message"), std::string::npos)
      << e.message();
}

// --- hostile input --------------------------------------------------------------------------

Bytes header(std::uint8_t flags = 0x04) {
  return {0x4B, 0x01, flags, 0, 0, 0, 0};
}

Error forged(std::initializer_list<std::uint8_t> table_and_body) {
  Bytes m = header();
  m.insert(m.end(), table_and_body);
  return kiln::test::decode_error<v1::Address>(m);
}

TEST(Compatible, ForgedTablesAreRejectedWithOffsets) {
  // type count 1, name "A", 1 field "x" id 0 of struct index 5 (only 1 type)
  Error e = forged({0x01, 0x01, 'A', 0x01, 0x01, 'x', 0x00, 0x17, 0x05, 0x17, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kBadTypeTable);
  EXPECT_EQ(e.offset, 14u);
  EXPECT_NE(e.message().find("struct index 5 but the table has 1 types"), std::string::npos);
  e = forged({0x00, 0x7F});  // unknown type code for the root
  EXPECT_EQ(e.code, ErrorCode::kBadTypeTable);
  EXPECT_EQ(e.offset, 8u);
  e = forged({0xFF, 0xFF, 0xFF, 0xFF, 0x0F});  // 2^32-1 types: more than the bytes left hold
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
  // Two fields with the same name.
  e = forged({0x01, 0x01, 'A', 0x02, 0x01, 'x', 0x00, 0x04, 0x01, 'x', 0x07, 0x04, 0x17, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kBadTypeTable);
  EXPECT_EQ(e.offset, 15u);
  EXPECT_NE(e.message().find("repeats field name x"), std::string::npos) << e.message();
  // Descriptors nested past the depth limit: seq<seq<...>> 100 deep.
  Bytes deep = header();
  deep.push_back(0x00);
  deep.insert(deep.end(), 100, kiln::detail::evolve::kSeq);
  deep.push_back(kiln::detail::evolve::kI32);
  EXPECT_EQ(kiln::test::decode_error<v1::Address>(deep).code, ErrorCode::kBadTypeTable);
  // A struct that contains itself needs no bytes per level: the depth limit stops the skipping
  // of its unknown field x.
  Bytes self = header();
  const Bytes table{0x01, 0x01, 'A', 0x02, 0x01, 'x',  0x00, 0x17, 0x00,
                    0x04, 'c',  'i', 't',  'y',  0x00, 0x0F, 0x17, 0x00};
  self.insert(self.end(), table.begin(), table.end());
  EXPECT_EQ(kiln::test::decode_error<v1::Address>(self).code, ErrorCode::kDepthExceeded);
}

TEST(Compatible, EveryTruncationAndByteCorruptionIsHandled) {
  for (const auto& options : {kCompatibleFixed, kCompatibleCompressed}) {
    const Bytes full = Codec(options).serialize(v2::sample()).value();
    for (std::size_t n = 0; n < full.size(); ++n) {
      Error e = kiln::test::decode_error<v1::Person>(std::span(full.data(), n));
      ASSERT_NE(e.code, ErrorCode::kOk) << n;
      EXPECT_LE(e.offset, n);
    }
    // Every byte replaced by a few values: never a crash (the sanitizer builds check), and an
    // accepted message decodes to some value.
    std::size_t rejected = 0;
    for (std::size_t i = 0; i < full.size(); ++i)
      for (std::uint8_t v : {0x00, 0x01, 0x7F, 0x80, 0xFF}) {
        Bytes m = full;
        m[i] = v;
        rejected += kiln::test::decode_error<v1::Person>(m).code != ErrorCode::kOk;
        rejected += kiln::test::decode_error<v2::Person>(m).code != ErrorCode::kOk;
      }
    EXPECT_GT(rejected, full.size());
  }
}

TEST(Compatible, FieldIdsAreCompileTimeConstants) {
  static_assert(kiln::field_id_of("name") == 0x8d39bde6u);  // FNV-1a 32 of "name"
  static_assert(kiln::detail::evolve::detail::field_ids<v2::Person>[1] ==
                kiln::field_id_of("name"));
  static_assert(kiln::detail::evolve::detail::field_ids<v2::Person>[2] == kiln::field_id_of("id"));
  static_assert(kiln::detail::evolve::Schema<v1::Person>::ok);
  EXPECT_EQ(kiln::detail::reflect::unqualified_name("a::b<c::d>::E<f::g>"), "E");
}

// --- the inspector -------------------------------------------------------------------------

TEST(Inspect, PrintsTheRecordVector) {
  const auto& bytes = kiln::test::golden_vectors().at("record_compatible");
  kiln::Result<std::string> json = kiln::inspect(bytes);
  ASSERT_TRUE(json.ok()) << json.error().message();
  char ids[200];
  std::snprintf(ids, sizeof ids,
                "[{\"name\":\"Record\",\"fields\":[{\"name\":\"f1\",\"id\":%u,\"type\":\"i32\"},"
                "{\"name\":\"f2\",\"id\":%u,\"type\":\"str\"},",
                kiln::field_id_of("f1"), kiln::field_id_of("f2"));
  EXPECT_EQ(
      json->rfind("{\"fingerprint\":\"0xd0c360c2\",\"compressed_numbers\":false,\"types\":", 0), 0u)
      << *json;
  EXPECT_NE(json->find(ids), std::string::npos) << *json;
  const std::string tail =
      "\"type\":\"map<str,i64>\"}]}],\"root\":\"Record\",\"value\":{\"f1\":10,\"f2\":\"abc\","
      "\"f3\":[\"str1\",\"str2\"],\"f4\":[[\"k1\",10],[\"k2\",20]]}}";
  ASSERT_GE(json->size(), tail.size());
  EXPECT_EQ(json->substr(json->size() - tail.size()), tail);
}

TEST(Inspect, AMessageWithoutFingerprintSaysNull) {
  kiln::Options options = kCompatibleCompressed;
  options.fingerprint = false;
  const Bytes m = Codec(options).serialize(kiln::workloads::make_record()).value();
  EXPECT_EQ(m[2], kiln::detail::wire::kFlagCompatible | kiln::detail::wire::kFlagCompressNumbers |
                      kiln::detail::wire::kFlagNoFingerprint);
  kiln::Result<std::string> json = kiln::inspect(m);
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_EQ(json->rfind("{\"fingerprint\":null,\"compressed_numbers\":true,\"types\":", 0), 0u)
      << *json;
  // And the compatible reader takes it, like any other compatible message.
  auto back = Codec().deserialize<kiln::workloads::Record>(m);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(*back, kiln::workloads::make_record());
}

TEST(Inspect, EveryKindOfValue) {
  kiln::Result<std::string> json =
      kiln::inspect(Codec(kCompatibleCompressed).serialize(everything()).value());
  ASSERT_TRUE(json.ok()) << json.error().message();
  const std::string value =
      "\"value\":{\"first\":-5,\"b\":true,\"i8\":-8,\"u16\":65535,\"c32\":128512,"
      "\"u32\":4000000000,\"u64\":18446744073709551615,\"f32\":1.5,\"f64\":-2.25,\"s\":\"text\","
      "\"seq\":[1,-2,3],\"set\":[\"a\",\"b\"],\"map\":[[1,[\"x\"]],[2,[]]],"
      "\"some\":{\"city\":\"Oslo\",\"zip\":150},\"none\":null,\"arr\":[1,2,3],"
      "\"tup\":[4,\"five\"],\"var\":{\"variant\":2,\"value\":{\"city\":\"Rome\",\"zip\":100}},"
      "\"addresses\":[{\"city\":\"A\",\"zip\":1},{\"city\":\"B\",\"zip\":2}],\"last\":99}}";
  EXPECT_NE(json->find(value), std::string::npos) << *json;
  EXPECT_NE(json->find("\"type\":\"var<i32,str,Address>\""), std::string::npos) << *json;
  EXPECT_NE(json->find("\"type\":\"arr<i16,3>\""), std::string::npos) << *json;
  EXPECT_NE(json->find("\"type\":\"map<i32,seq<str>>\""), std::string::npos) << *json;
}

TEST(Inspect, NumbersAndStringsAreSpelledAsJavaScriptDoes) {
  auto spell = [](double d) {
    std::string s;
    kiln::detail::evolve::append_json_number(s, d);
    return s;
  };
  EXPECT_EQ(spell(0.1), "0.1");
  EXPECT_EQ(spell(1e21), "1e+21");
  EXPECT_EQ(spell(1e20), "100000000000000000000");
  EXPECT_EQ(spell(1.5e-7), "1.5e-7");
  EXPECT_EQ(spell(0.000001), "0.000001");
  EXPECT_EQ(spell(123456789012345680000.0), "123456789012345680000");
  EXPECT_EQ(spell(-0.0), "-0");
  EXPECT_EQ(spell(5e-324), "5e-324");
  EXPECT_EQ(spell(static_cast<double>(0.2f)), "0.20000000298023224");
  EXPECT_EQ(spell(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(spell(-1.7976931348623157e308), "-1.7976931348623157e+308");
  // Powers of two, where the closest 16 digits miss and the next decimal up reads back (found by
  // the differential fuzzer: an f32 of 2^-140 printed with 17 digits).
  EXPECT_EQ(spell(std::ldexp(1.0, -140)), "7.174648137343064e-43");
  EXPECT_EQ(spell(-std::ldexp(1.0, -1017)), "-7.120236347223045e-307");
  EXPECT_EQ(spell(std::ldexp(1.0, 976)), "6.386688990511104e+293");
  EXPECT_EQ(spell(std::numeric_limits<double>::infinity()), "\"Infinity\"");
  EXPECT_EQ(spell(std::numeric_limits<double>::quiet_NaN()), "\"NaN\"");
  std::string s;
  kiln::detail::evolve::append_json_string(s, "a\"b\\c\n\x01\x7f\xc3\xa9");
  EXPECT_EQ(s, "\"a\\\"b\\\\c\\n\\u0001\x7f\xc3\xa9\"");
}

TEST(Inspect, RejectsConsistentMessagesAndMalformedInput) {
  Error e = kiln::inspect(kiln::test::golden_vectors().at("record_fixed")).error();
  EXPECT_EQ(e.code, ErrorCode::kBadFlags);
  EXPECT_EQ(e.offset, 2u);
  const auto& full = kiln::test::golden_vectors().at("struct_compatible");
  for (std::size_t n = 0; n < full.size(); ++n) {
    auto r = kiln::inspect(std::span(full.data(), n));
    ASSERT_FALSE(r.ok()) << n;
    EXPECT_LE(r.error().offset, n);
  }
}

// Forged tables whose names are spelled out many times: a field name printed for each of
// 100,000 empty structs, and a root type naming a 1,000-byte struct name 1,000 times. The
// inspector charges what it prints to the message's allocation budget (FORMAT.md 10.6), and an
// error message spells a type in at most 200 bytes. tests/js/inspect.test.mjs builds the same
// bytes and expects the same verdicts.
Bytes compatible_header() {
  return {0x4b, 0x01, 0x04, 0, 0, 0, 0};
}
void put_varint(Bytes& b, std::uint64_t v) {
  for (; v >= 0x80; v >>= 7) b.push_back(static_cast<std::uint8_t>(v | 0x80));
  b.push_back(static_cast<std::uint8_t>(v));
}
Bytes long_field_name_array() {
  Bytes b = compatible_header();
  b.insert(b.end(), {0x01, 0x01, 'E', 0x01});  // one type "E" of one field:
  put_varint(b, 1000);
  b.insert(b.end(), 1000, 'A');           // named "AAA...", id derived,
  b.insert(b.end(), {0x00, 0x15, 0x00});  // an empty tuple
  b.push_back(0x14);                      // root: arr<E, 100000>, a value of no bytes
  put_varint(b, 100000);
  b.insert(b.end(), {0x17, 0x00});
  return b;
}
Bytes long_name_tuple() {
  Bytes b = compatible_header();
  b.push_back(0x01);  // one type, named "AAA..." (1,000 bytes), no fields
  put_varint(b, 1000);
  b.insert(b.end(), 1000, 'A');
  b.push_back(0x00);
  b.push_back(0x15);  // root: a tuple of it, 1,000 times
  put_varint(b, 1000);
  for (int i = 0; i < 1000; ++i) b.insert(b.end(), {0x17, 0x00});
  return b;
}

TEST(Inspect, OutputIsChargedToTheBudget) {
  for (const Bytes& m : {long_field_name_array(), long_name_tuple()}) {
    kiln::Result<std::string> json = kiln::inspect(m);
    ASSERT_FALSE(json.ok()) << json->size() << " bytes printed from " << m.size();
    EXPECT_EQ(json.error().code, ErrorCode::kAllocationLimit);
    EXPECT_EQ(json.error().offset, m.size());  // both values take no bytes: where they start
  }
  // With a budget large enough, the same message prints.
  kiln::Limits roomy;
  roomy.max_alloc_bytes = std::size_t{1} << 21;
  kiln::Result<std::string> json = kiln::inspect(long_name_tuple(), roomy);
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_GT(json->size(), 1000000u);
}

TEST(Inspect, TypesInErrorMessagesAreCutShort) {
  const Bytes m = long_name_tuple();
  Error e =
      Codec(kiln::Options{.compatible = true}).deserialize<kiln::workloads::Record>(m).error();
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_LT(e.detail.size(), 600u);
  EXPECT_NE(e.detail.find("tup<AAAA"), std::string::npos) << e.detail;
  EXPECT_NE(e.detail.find("..."), std::string::npos) << e.detail;
}

// A message with shared strings (flags 0x0e: compatible, tracking, shared strings): a reader
// that skips a field still numbers the strings it skips, so later back-references resolve as the
// writer meant; the inspector reads it the same way.
struct TagsWithoutOwner {
  std::vector<std::string> labels;
  std::map<std::string, std::string> notes;
};
struct TagsWithoutLabels {
  std::string owner;
  std::map<std::string, std::string> notes;
};

TEST(Compatible, SkippedStringsJoinTheSharedStringTable) {
  const Bytes& bytes = kiln::test::golden_vectors().at("tags_shared_compatible");
  ASSERT_EQ(bytes[2], 0x0e);
  const kiln::workloads::Tags tags = kiln::workloads::make_tags();
  Codec codec;
  auto all = codec.deserialize<kiln::workloads::Tags>(bytes);
  ASSERT_TRUE(all.ok()) << all.error().message();
  EXPECT_EQ(*all, tags);
  auto no_owner = codec.deserialize<TagsWithoutOwner>(bytes);  // "ops" first seen in `owner`
  ASSERT_TRUE(no_owner.ok()) << no_owner.error().message();
  EXPECT_EQ(no_owner->labels, tags.labels);
  EXPECT_EQ(no_owner->notes, tags.notes);
  auto no_labels = codec.deserialize<TagsWithoutLabels>(bytes);  // "red" first seen in `labels`
  ASSERT_TRUE(no_labels.ok()) << no_labels.error().message();
  EXPECT_EQ(no_labels->owner, tags.owner);
  EXPECT_EQ(no_labels->notes, tags.notes);
  auto json = kiln::inspect(bytes);
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_NE(json->find(R"("value":{"owner":"ops","labels":["red","ops","red"],)"),
            std::string::npos)
      << *json;
  // A back-reference past the strings seen so far is refused where it stands, by both.
  Bytes forged = bytes;
  const std::size_t at = forged.size() - 1;  // the last string: "ops" by reference (index 0)
  ASSERT_EQ(forged[at], 0x01);
  forged[at] = 0x7f;  // string #63
  for (const Error& e :
       {codec.deserialize<TagsWithoutOwner>(forged).error(), kiln::inspect(forged).error()}) {
    EXPECT_EQ(e.code, ErrorCode::kBadReference) << e.message();
    EXPECT_EQ(e.offset, at);
  }
}

}  // namespace
