// Compatible mode with base classes (docs/FORMAT.md 10.2): a class's table entry lists each base
// first, as a field named ^ and the base's wire name whose type is the base, so bases evolve as
// fields do: a base may gain or lose fields, and a class may gain or lose a base.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "golden_features.hpp"
#include "test_util.hpp"

namespace bases_v2 {
using kiln::workloads::features::vendor_v2::Vendor;  // Party changed, Audited gone, one field more
// A base the reader's class does not derive from any more is skipped; an abstract base is reset
// field by field when the message lacks it.
class Named {
 public:
  virtual ~Named() = default;
  virtual int kind() const = 0;
  std::string label = "kept?";
  KILN_FIELDS(Named, label)
};
class Gadget : public Named {
 public:
  int kind() const override { return 1; }
  std::int32_t size = 0;
  KILN_FIELDS_WITH_BASES(Gadget, (Named), size)
};
// A Vendor whose field z has ^Party's id but is a string.
struct Other {
  static constexpr std::string_view kiln_name = "Vendor";
  std::string z;
  static constexpr kiln::FieldId kiln_field_ids[] = {{"z", kiln::field_id_of("^Party")}};
};
struct GadgetV1 {  // Gadget before it had a base
  static constexpr std::string_view kiln_name = "Gadget";
  std::int32_t size = 0;
};
}  // namespace bases_v2

namespace {

using kiln::Codec;
using kiln::ErrorCode;
using kiln::test::Bytes;
using kiln::workloads::features::make_vendor;
using kiln::workloads::features::Vendor;

const kiln::Options kCompatible{.compatible = true};

bool contains(const Bytes& haystack, std::string_view needle) {
  return std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end()) !=
         haystack.end();
}

TEST(CompatibleBases, AClassWithBasesRoundTripsInEveryNumberMode) {
  static_assert(kiln::detail::evolve::Schema<Vendor>::ok);
  for (bool compress : {false, true}) {
    Codec codec({.compress_numbers = compress, .compatible = true});
    Bytes m = codec.serialize(make_vendor()).value();
    // The table names each base as a field: ^Party (with ^Contact in Party's entry), ^Audited.
    EXPECT_TRUE(contains(m, "^Party") && contains(m, "^Contact") && contains(m, "^Audited"));
    auto back = codec.deserialize<Vendor>(m);
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_EQ(*back, make_vendor());
    // The body after the table is the schema-consistent body.
    Bytes plain = Codec({.compress_numbers = compress}).serialize(make_vendor()).value();
    EXPECT_TRUE(std::equal(plain.begin() + 7, plain.end(), m.end() - (plain.size() - 7)));
  }
}

TEST(CompatibleBases, ANewerReaderReadsBasesThatChanged) {
  Bytes m = Codec(kCompatible).serialize(make_vendor()).value();
  bases_v2::Vendor v;
  v.active = true;
  v.phone = "set";
  ASSERT_TRUE(Codec().deserialize_into(m, v).ok());
  EXPECT_EQ(v.email, "sales@acme.example");
  EXPECT_EQ(v.name, "acme");
  EXPECT_EQ(v.phone, "");  // the message's Party has no phone: its default
  EXPECT_EQ(v.rating, 4);
  EXPECT_EQ(v.regions, (std::vector<std::string>{"eu", "us"}));
  EXPECT_FALSE(v.active);  // missing: reset even in a reused object
}

TEST(CompatibleBases, AnOlderReaderSkipsAndResetsBases) {
  bases_v2::Vendor newer;
  newer.email = "x@y";
  newer.name = "zed";
  newer.phone = "123";
  newer.rating = 9;
  newer.regions = {"ap"};
  newer.active = true;
  Bytes m = Codec(kCompatible).serialize(newer).value();
  Vendor v = make_vendor();  // reused: Audited and since must be reset, not kept
  ASSERT_TRUE(Codec().deserialize_into(m, v).ok());
  EXPECT_EQ(v.email, "x@y");
  EXPECT_EQ(v.name, "zed");
  EXPECT_EQ(v.since, 0);
  EXPECT_EQ(v.revision, 0u);
  EXPECT_EQ(v.rating, 9);
  EXPECT_EQ(v.regions, (std::vector<std::string>{"ap"}));
}

TEST(CompatibleBases, AClassThatGainedOrLostABase) {
  bases_v2::Gadget g;
  g.label = "lamp";
  g.size = 3;
  Bytes with_base = Codec(kCompatible).serialize(g).value();
  // An older reader, without the base: skips it.
  auto old = Codec().deserialize<bases_v2::GadgetV1>(with_base);
  ASSERT_TRUE(old.ok()) << old.error().message();
  EXPECT_EQ(old->size, 3);
  // A newer reader of an older message: the abstract base's fields get their defaults.
  Bytes without = Codec(kCompatible).serialize(bases_v2::GadgetV1{5}).value();
  bases_v2::Gadget into;
  into.label = "stale";
  ASSERT_TRUE(Codec().deserialize_into(without, into).ok());
  EXPECT_EQ(into.label, "");
  EXPECT_EQ(into.size, 5);
}

TEST(CompatibleBases, AChangedBaseFieldTypeIsRejectedNamingTheBase) {
  // ^Contact in the message's Party is a struct; a reader whose Party has a field of that id
  // with another type is told which.
  Bytes m = Codec(kCompatible).serialize(make_vendor()).value();
  auto e = kiln::test::decode_error<bases_v2::Other>(m);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_NE(e.message().find("field 'z' of Vendor"), std::string::npos) << e.message();
  EXPECT_NE(e.message().find("message field '^Party'"), std::string::npos) << e.message();
}

TEST(CompatibleBases, TheInspectorPrintsBasesAsFields) {
  Bytes m = Codec(kCompatible).serialize(make_vendor()).value();
  auto json = kiln::inspect(m);
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_NE(json->find(R"("^Party":{"^Contact":{"email":"sales@acme.example"},"name":"acme")"),
            std::string::npos)
      << *json;
  EXPECT_NE(json->find(R"("^Audited":{"revision":7})"), std::string::npos) << *json;
}

TEST(CompatibleBases, EveryTruncationIsTruncated) {
  Bytes m = Codec(kCompatible).serialize(make_vendor()).value();
  for (std::size_t n = 0; n < m.size(); ++n) {
    Vendor v;
    kiln::Status s = Codec().deserialize_into(std::span<const std::uint8_t>(m.data(), n), v);
    ASSERT_FALSE(s.ok()) << n;
    EXPECT_EQ(s.error().code, ErrorCode::kTruncated) << n << ": " << s.error().message();
  }
}

}  // namespace
