// Compatible mode with kiln::Value fields (docs/FORMAT.md 10.3, 10.5, 10.6): the descriptor is
// `value` (18); a reader without the field skips it by decoding it, with the verdict a reader of
// the field gives; a reader with a field the message lacks sets it to null; the inspector prints
// a generic value in the JSON form the JS inspect() prints too (tests/js/compatible_value.test.mjs
// holds the same bytes to the same text).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "golden_features.hpp"
#include "test_util.hpp"

namespace value_v2 {
struct Envelope {  // without the payload
  std::string kind;
  std::int32_t seq = 0;
};
struct EnvelopeMeta {  // with one Value field more
  static constexpr std::string_view kiln_name = "Envelope";
  std::string kind;
  kiln::Value payload;
  std::int32_t seq = 0;
  kiln::Value meta;
};
struct EnvelopeText {  // the payload became a string: not a compatible change
  static constexpr std::string_view kiln_name = "Envelope";
  std::string kind;
  std::string payload;
  std::int32_t seq = 0;
};
struct Keys {  // for the inspector's key order: one Value field
  kiln::Value v;
};
}  // namespace value_v2

namespace {

using kiln::Codec;
using kiln::ErrorCode;
using kiln::Value;
using kiln::test::Bytes;
using kiln::workloads::features::Envelope;
using kiln::workloads::features::make_envelope;

const kiln::Options kCompatibleTracked{.track_references = true, .compatible = true};

TEST(CompatibleValue, TheDescriptorIsValue) {
  static_assert(kiln::detail::evolve::Schema<Envelope>::ok);
  // One type, Envelope: kind str, payload value (18), seq i32; the root is struct 0.
  const auto& t = kiln::detail::evolve::Schema<Envelope>::bytes;
  const Bytes expected = {0x01, 0x08, 'E',  'n',  'v',  'e',  'l',  'o', 'p',  'e',  0x03, 0x04,
                          'k',  'i',  'n',  'd',  0x00, 0x0f, 0x07, 'p', 'a',  'y',  'l',  'o',
                          'a',  'd',  0x00, 0x18, 0x03, 's',  'e',  'q', 0x00, 0x04, 0x17, 0x00};
  EXPECT_EQ(Bytes(t.begin(), t.end()), expected);
}

TEST(CompatibleValue, RoundTripsInEveryNumberModeWithAndWithoutTracking) {
  for (bool compress : {false, true}) {
    for (bool track : {false, true}) {
      Codec codec({.compress_numbers = compress, .track_references = track, .compatible = true});
      Bytes m = codec.serialize(make_envelope()).value();
      auto back = codec.deserialize<Envelope>(m);
      ASSERT_TRUE(back.ok()) << back.error().message();
      EXPECT_EQ(*back, make_envelope());
      // With tracking, "again" is the map itself; without, a copy of it.
      const Value* map = back->payload.find("map");
      const Value* again = back->payload.find("again");
      ASSERT_TRUE(map && again);
      EXPECT_EQ(map->as_map() == again->as_map(), track);
    }
  }
}

TEST(CompatibleValue, AnOlderReaderSkipsTheValueField) {
  for (bool compress : {false, true}) {
    Codec codec({.compress_numbers = compress, .track_references = true, .compatible = true});
    Bytes m = codec.serialize(make_envelope()).value();
    auto old = Codec().deserialize<value_v2::Envelope>(m);
    ASSERT_TRUE(old.ok()) << old.error().message();
    EXPECT_EQ(old->kind, "event");
    EXPECT_EQ(old->seq, 7);
  }
}

TEST(CompatibleValue, ANewerReaderSetsTheMissingValueFieldToNull) {
  Bytes m = Codec(kCompatibleTracked).serialize(make_envelope()).value();
  value_v2::EnvelopeMeta v;
  v.meta = Value::array({1, 2});  // reused: reset, not kept
  ASSERT_TRUE(Codec().deserialize_into(m, v).ok());
  EXPECT_EQ(v.kind, "event");
  EXPECT_EQ(v.payload, make_envelope().payload);
  EXPECT_EQ(v.meta.kind(), Value::Kind::kNull);
  // And the other way: a message with meta, read as Envelope, skips it.
  v.meta = Value::object({{"k", Value::set({1, 2})}});
  Bytes newer = Codec(kCompatibleTracked).serialize(v).value();
  auto back = Codec().deserialize<Envelope>(newer);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(*back, make_envelope());
}

TEST(CompatibleValue, ChangingTheFieldsTypeIsASchemaMismatch) {
  Bytes m = Codec(kCompatibleTracked).serialize(make_envelope()).value();
  auto r = Codec().deserialize<value_v2::EnvelopeText>(m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(r.error().offset, 7u + 27);  // the message field's descriptor, 18
  EXPECT_NE(r.error().message().find("has type value in the message but str in the reader"),
            std::string::npos)
      << r.error().message();
}

TEST(CompatibleValue, AValueAtTheRootHasNoCompatibleMode) {
  static_assert(!kiln::detail::evolve::Schema<Value>::ok);
  auto w = Codec({.compatible = true}).serialize(Value::object({{"a", 1}}));
  ASSERT_FALSE(w.ok());
  EXPECT_EQ(w.error().code, ErrorCode::kUnsupportedOption);
  Bytes m = Codec().serialize(Value::object({{"a", 1}})).value();
  m[2] |= 0x04;
  auto r = Codec().deserialize<Value>(m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::kBadFlags);
  EXPECT_EQ(r.error().offset, 2u);
}

// The value's first byte in a message of Envelope{"event", payload, 7} with the table above.
constexpr std::size_t kPayloadAt = 7 + 36 + 6;

TEST(CompatibleValue, SkippingGivesTheVerdictReadingGives) {
  Bytes m = Codec(kCompatibleTracked).serialize(make_envelope()).value();
  ASSERT_EQ(m[kPayloadAt], 0x0b);  // the payload object's tag
  auto verdicts = [](const Bytes& bytes, const kiln::Limits& limits) {
    auto read = Codec({.limits = limits}).deserialize<Envelope>(bytes);
    auto skip = Codec({.limits = limits}).deserialize<value_v2::Envelope>(bytes);
    EXPECT_FALSE(read.ok());
    EXPECT_FALSE(skip.ok());
    if (read.ok() || skip.ok()) return;
    EXPECT_EQ(read.error().code, skip.error().code) << skip.error().message();
    EXPECT_EQ(read.error().offset, skip.error().offset) << skip.error().message();
  };
  // A forged tag inside the payload, a reference out of range, a cut message.
  Bytes bad_tag = m;
  bad_tag[kPayloadAt + 2 + 2] = 0x11;  // the tag of key "1"'s array
  verdicts(bad_tag, {});
  Bytes no_tracking = m;
  no_tracking[2] &= static_cast<std::uint8_t>(~0x02);  // "again" is a reference: now refused
  verdicts(no_tracking, {});
  verdicts(Bytes(m.begin(), m.end() - 8), {});
  // The allocation budget: a reader and a skipper charge the same.
  kiln::Limits tight;
  for (std::size_t budget = 1; budget < 400; budget += 7) {
    tight.max_alloc_bytes = budget;
    auto read = Codec({.limits = tight}).deserialize<Envelope>(m);
    auto skip = Codec({.limits = tight}).deserialize<value_v2::Envelope>(m);
    ASSERT_EQ(read.ok(), skip.ok()) << budget;
    if (!read.ok()) {
      EXPECT_EQ(read.error().code, skip.error().code) << budget;
      EXPECT_EQ(read.error().offset, skip.error().offset) << budget;
    }
  }
}

// Keys in a JS object's order; -0 as a Map key and Set element prints 0 (a JS Map keeps +0); an
// int beyond 2^53 prints as the BigInt a JS reader returns; a date cut to whole milliseconds.
const char* const kKeysMessage =
    "4b 01 06 7c 89 13 e7 01 04 4b 65 79 73 01 01 76 00 18 17 00 0b 06 01 62 81 01 31 82 02 30 31 "
    "83 0a 34 32 39 34 39 36 37 32 39 35 84 0a 34 32 39 34 39 36 37 32 39 34 85 01 6d 0c 01 05 00 "
    "00 00 00 00 00 00 80 04 82 80 80 80 80 80 80 20";
const char* const kKeysJson =
    R"({"fingerprint":"0xe713897c","compressed_numbers":false,"types":[{"name":"Keys","fields":[{"name)"
    R"(":"v","id":4077666505,"type":"value"}]}],"root":"Keys","value":{"v":{"object":{"1":2,"429496729)"
    R"(4":5,"b":1,"01":3,"4294967295":4,"m":{"map":[[0,{"bigint":"0x20000000000001"}]]}}}}})";

TEST(CompatibleValue, TheInspectorPrintsWhatAJsReaderReturns) {
  value_v2::Keys k;
  k.v = Value::object({{"b", 1},
                       {"1", 2},
                       {"01", 3},
                       {"4294967295", 4},
                       {"4294967294", 5},
                       {"m", Value::map({{-0.0, (std::int64_t{1} << 53) + 1}})}});
  Bytes m = Codec({.track_references = true, .compatible = true}).serialize(k).value();
  EXPECT_EQ(kiln::test::hex(m, 1000), kKeysMessage);
  auto json = kiln::inspect(m);
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_EQ(*json, kKeysJson);
}

TEST(CompatibleValue, TheInspectorChargesAValuesStringsAtItsFirstByte) {
  // Printed: the table's names and types (Keys, v, value, Keys: 14 bytes), the struct value's field
  // name (1), the string (100). Decoding the string charges only its 100 bytes.
  value_v2::Keys k{Value(std::string(100, 'x'))};
  Bytes m = Codec({.compatible = true}).serialize(k).value();
  kiln::Limits limits;
  limits.max_alloc_bytes = 115;
  EXPECT_TRUE(kiln::inspect(m, limits).ok());
  limits.max_alloc_bytes = 114;
  auto over = kiln::inspect(m, limits);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().code, ErrorCode::kAllocationLimit);
  EXPECT_EQ(over.error().offset, 7u + 13);  // the value's first byte, after a 13-byte table
}

}  // namespace
