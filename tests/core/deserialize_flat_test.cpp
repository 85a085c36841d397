// A message of a root type made of numbers, enums, arrays and structs (Struct) is read without a
// Reader when it is well formed, in either number mode. Everything else must still go the
// general way: messages in other modes, and every malformed one, with the error any other type
// would get.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "kiln/kiln.hpp"
#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using kiln::ErrorCode;
using kiln::test::Bytes;
using kiln::test::describe;
using kiln::test::every_option_set;
using kiln::workloads::Struct;

enum class Level : std::int16_t { kLow = -1, kHigh = 9 };

struct Inner {
  float x;
  Level level;
};
// Every kind of field whose fixed-width encoding has one size and takes any bytes.
struct Exact {
  std::uint8_t tag;
  std::array<Inner, 2> inner;
  char16_t c;
  std::int64_t last;
  bool operator==(const Exact& o) const {
    return tag == o.tag && c == o.c && last == o.last && inner[0].x == o.inner[0].x &&
           inner[0].level == o.inner[0].level && inner[1].x == o.inner[1].x &&
           inner[1].level == o.inner[1].level;
  }
};
static_assert(kiln::Serializer<Exact>::exact<kiln::FixedMode>);

const Exact kExact{7, {{{1.5f, Level::kHigh}, {-2.0f, Level::kLow}}}, u'\u00e9', -(1LL << 40)};

template <class T>
void expect_round_trips(const T& value) {
  for (const kiln::Options& o : every_option_set()) {
    kiln::Codec codec(o);
    const Bytes bytes = codec.serialize(value).value();
    T back{};
    kiln::Status s = codec.deserialize_into(bytes, back);
    ASSERT_TRUE(s.ok()) << describe(o) << ": " << s.error().message();
    EXPECT_TRUE(back == value) << describe(o);
    kiln::Result<T> fresh = codec.deserialize<T>(bytes);
    ASSERT_TRUE(fresh.ok()) << describe(o);
    EXPECT_TRUE(fresh.value() == value) << describe(o);
  }
}

TEST(DeserializeFlat, RoundTripsUnderEveryOptionSet) {
  expect_round_trips(kiln::workloads::make_struct());
  expect_round_trips(kExact);
  expect_round_trips(std::array<std::uint32_t, 3>{1, 2, 0xffffffffu});
}

// Readers follow the message's flags: a fixed-width message is read by a codec that writes
// compressed numbers, and a compressed one by a codec that writes fixed-width ones.
TEST(DeserializeFlat, ReadersFollowTheMessageFlags) {
  const Struct value = kiln::workloads::make_struct();
  kiln::Codec fixed, compressed({.compress_numbers = true});
  Struct a{}, b{};
  ASSERT_TRUE(compressed.deserialize_into(fixed.serialize(value).value(), a).ok());
  ASSERT_TRUE(fixed.deserialize_into(compressed.serialize(value).value(), b).ok());
  EXPECT_EQ(a, value);
  EXPECT_EQ(b, value);
}

// Decodes `bytes` as a T (an Exact unless named) and returns the error; fails the test if it
// decodes, or if decoding into a fresh value (deserialize<T>, which has its own way in) says
// anything else.
template <class T = Exact>
kiln::Error error_of(const kiln::Codec& codec, const Bytes& bytes) {
  T out{};
  kiln::Status s = codec.deserialize_into(bytes, out);
  EXPECT_FALSE(s.ok()) << kiln::test::hex(bytes);
  kiln::Result<T> fresh = codec.deserialize<T>(bytes);
  EXPECT_FALSE(fresh.ok()) << kiln::test::hex(bytes);
  EXPECT_EQ(fresh.error().code, s.error().code) << kiln::test::hex(bytes);
  EXPECT_EQ(fresh.error().offset, s.error().offset) << kiln::test::hex(bytes);
  EXPECT_EQ(fresh.error().detail, s.error().detail) << kiln::test::hex(bytes);
  return s.error();
}

TEST(DeserializeFlat, MalformedMessagesGetTheirErrors) {
  for (bool fingerprint : {true, false}) {
    kiln::Codec codec({.fingerprint = fingerprint});
    const Bytes good = codec.serialize(kExact).value();
    const std::size_t header = fingerprint ? 7 : 3;
    ASSERT_EQ(good.size(), header + 1 + 2 * (4 + 2) + 2 + 8);

    Bytes shorter(good.begin(), good.end() - 1);
    kiln::Error e = error_of(codec, shorter);
    EXPECT_EQ(e.code, ErrorCode::kTruncated) << fingerprint;
    EXPECT_EQ(e.offset, header) << fingerprint;  // the struct is checked whole, at its start
    EXPECT_EQ(e.detail, "struct needs 23 bytes, 22 left") << fingerprint;

    Bytes longer = good;
    longer.push_back(0);
    e = error_of(codec, longer);
    EXPECT_EQ(e.code, ErrorCode::kTrailingBytes) << fingerprint;
    EXPECT_EQ(e.offset, good.size()) << fingerprint;

    Bytes magic = good;
    magic[0] ^= 1;
    EXPECT_EQ(error_of(codec, magic).code, ErrorCode::kBadMagic) << fingerprint;

    Bytes reserved = good;
    reserved[2] |= 0x80;
    EXPECT_EQ(error_of(codec, reserved).code, ErrorCode::kBadFlags) << fingerprint;

    EXPECT_EQ(error_of(codec, Bytes(good.begin(), good.begin() + 2)).code, ErrorCode::kTruncated);
  }
}

TEST(DeserializeFlat, AnotherTypesFingerprintIsRejected) {
  kiln::Codec codec;
  Bytes bytes = codec.serialize(kExact).value();
  bytes[3] ^= 0xff;
  kiln::Error e = error_of(codec, bytes);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(e.offset, 3u);
}

// Without a header the reader's options say how the body is written; a body of the wrong size
// is still refused.
TEST(DeserializeFlat, HeaderlessBodyOfTheWrongSize) {
  kiln::Codec codec({.header = false});
  Bytes body = codec.serialize(kExact).value();
  ASSERT_EQ(body.size(), 1 + 2 * (4 + 2) + 2 + 8u);
  body.push_back(1);
  EXPECT_EQ(error_of(codec, body).code, ErrorCode::kTrailingBytes);
  body.resize(body.size() - 2);
  EXPECT_EQ(error_of(codec, body).code, ErrorCode::kTruncated);
}

// Numbers that compress, a bool, an enum, an array and an exact struct: read without a Reader
// in both modes, field by field.
struct Checked {
  bool on;
  std::int32_t small;
  std::uint64_t big;
  Level level;
  std::array<std::int64_t, 2> pair;
  Inner inner;
  bool operator==(const Checked& o) const {
    return on == o.on && small == o.small && big == o.big && level == o.level && pair == o.pair &&
           inner.x == o.inner.x && inner.level == o.inner.level;
  }
};
static_assert(!kiln::Serializer<Checked>::exact<kiln::FixedMode>);
static_assert(kiln::detail::CheckedRead<Checked, kiln::CompressedMode>);
static_assert(kiln::detail::CheckedRead<Checked, kiln::FixedMode>);

struct Outer {
  Checked checked;
  bool operator==(const Outer&) const = default;
};

const Checked kChecked{
    true, -300, 1ull << 63, Level::kLow, {{-1, 1LL << 40}}, {0.5f, Level::kHigh}};

TEST(DeserializeFlat, FieldByFieldRoundTripsUnderEveryOptionSet) {
  expect_round_trips(kChecked);
  expect_round_trips(Checked{false, 0, 0, Level::kHigh, {}, {}});
  expect_round_trips(Outer{kChecked});
}

TEST(DeserializeFlat, EveryTruncationOfACompressedMessageIsTruncated) {
  kiln::Codec codec({.compress_numbers = true});
  const Bytes good = codec.serialize(kChecked).value();
  for (std::size_t n = 0; n < good.size(); ++n) {
    kiln::Error e = error_of<Checked>(codec, Bytes(good.begin(), good.begin() + n));
    EXPECT_EQ(e.code, ErrorCode::kTruncated) << n;
    EXPECT_LE(e.offset, n) << n;
  }
}

TEST(DeserializeFlat, MalformedFieldsGetTheirErrors) {
  kiln::Codec codec({.compress_numbers = true, .fingerprint = false});
  const Bytes good = codec.serialize(kChecked).value();
  ASSERT_EQ(good[3], 1);  // the bool, after the 3-byte header
  Bytes bad_bool = good;
  bad_bool[3] = 2;
  kiln::Error e = error_of<Checked>(codec, bad_bool);
  EXPECT_EQ(e.code, ErrorCode::kBadBool);
  EXPECT_EQ(e.offset, 3u);

  // `small` as a six-byte varint: longer than a 32-bit number allows.
  Bytes overflow(good.begin(), good.begin() + 4);
  for (int i = 0; i < 5; ++i) overflow.push_back(0xff);
  overflow.push_back(0x01);
  overflow.insert(overflow.end(), good.begin() + 4 + 2, good.end());  // -300 took two bytes
  e = error_of<Checked>(codec, overflow);
  EXPECT_EQ(e.code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(e.offset, 4u);

  Bytes longer = good;
  longer.push_back(0);
  e = error_of<Checked>(codec, longer);
  EXPECT_EQ(e.code, ErrorCode::kTrailingBytes);
  EXPECT_EQ(e.offset, good.size());
}

// The general way counts each struct that is not exact against the depth limit: a limit the
// nesting exceeds fails the same whichever way the message would be read.
TEST(DeserializeFlat, DepthLimitHoldsForFlatTypes) {
  for (bool compress : {false, true}) {
    kiln::Options o{.compress_numbers = compress};
    o.limits.max_depth = 1;
    kiln::Codec codec(o);
    Outer out{};
    kiln::Status s = codec.deserialize_into(codec.serialize(Outer{kChecked}).value(), out);
    ASSERT_FALSE(s.ok()) << compress;
    EXPECT_EQ(s.error().code, ErrorCode::kDepthExceeded) << compress;
    o.limits.max_depth = 2;
    kiln::Codec deep_enough(o);
    EXPECT_TRUE(
        deep_enough.deserialize_into(deep_enough.serialize(Outer{kChecked}).value(), out).ok());
    EXPECT_EQ(out, Outer{kChecked});
  }
}

// Checked with a field added at the end: a later version of the type.
struct CheckedV2 {
  bool on;
  std::int32_t small;
  std::uint64_t big;
  Level level;
  std::array<std::int64_t, 2> pair;
  Inner inner;
  std::int32_t added;
};

// Two versions of one type with the fields in another order: tables of the same size whose
// bodies a reader must not take for its own.
struct PairV1 {
  std::int32_t first;
  std::int64_t second;
  bool operator==(const PairV1&) const = default;
};
struct PairV2 {
  std::int64_t second;
  std::int32_t first;
};

// Compatible mode: a message whose type table is the reader's own is read like a plain one after
// the table; one from another version of the type, or with a damaged table, goes the general way
// and is read or refused as before.
TEST(DeserializeFlat, CompatibleMessagesOfTheReadersVersionAndOfAnother) {
  for (bool compress : {false, true}) {
    kiln::Codec codec({.compress_numbers = compress, .compatible = true});
    const Bytes same = codec.serialize(kChecked).value();
    Checked back{};
    ASSERT_TRUE(codec.deserialize_into(same, back).ok()) << compress;
    EXPECT_EQ(back, kChecked) << compress;

    const CheckedV2 v2{kChecked.on,   kChecked.small, kChecked.big, kChecked.level,
                       kChecked.pair, kChecked.inner, 12345};
    const Bytes newer = codec.serialize(v2).value();
    ASSERT_NE(Bytes(newer.begin(), newer.begin() + 40), Bytes(same.begin(), same.begin() + 40));
    Checked older{};
    kiln::Status s = codec.deserialize_into(newer, older);
    ASSERT_TRUE(s.ok()) << compress << ": " << s.error().message();
    EXPECT_EQ(older, kChecked) << compress;  // the added field is skipped
    kiln::Result<Checked> fresh = codec.deserialize<Checked>(newer);
    ASSERT_TRUE(fresh.ok()) << compress << ": " << fresh.error().message();
    EXPECT_EQ(*fresh, kChecked) << compress;

    // The newer reader, decoding into a fresh value, finds its added field absent: zero, as
    // when it decodes into a value-initialised one. (A fresh value of a type read without a
    // Reader is not zeroed before the quick read; the general way must zero it.)
    const kiln::Result<CheckedV2> full = codec.deserialize<CheckedV2>(newer);
    ASSERT_TRUE(full.ok()) << compress << ": " << full.error().message();
    EXPECT_EQ(full->added, 12345) << compress;
    const kiln::Result<CheckedV2> from_older = codec.deserialize<CheckedV2>(same);
    ASSERT_TRUE(from_older.ok()) << compress << ": " << from_older.error().message();
    EXPECT_EQ(from_older->added, 0) << compress;
    EXPECT_EQ(from_older->big, kChecked.big) << compress;
    EXPECT_EQ(from_older->pair, kChecked.pair) << compress;

    // Every truncation fails. Cut inside the table, the table parser says which count or
    // length claims more bytes than are left; cut inside the body, a value is incomplete.
    const std::size_t body =
        same.size() -
        (kiln::Codec({.compress_numbers = compress}).serialize(kChecked).value().size() -
         7);  // the plain message's body follows its 7-byte header
    for (std::size_t n = 0; n < same.size(); ++n) {
      kiln::Error e = error_of<Checked>(codec, Bytes(same.begin(), same.begin() + n));
      if (n < 7 || n >= body)
        EXPECT_EQ(e.code, ErrorCode::kTruncated) << compress << " " << n;
      else
        EXPECT_TRUE(e.code == ErrorCode::kTruncated || e.code == ErrorCode::kLengthTooLarge ||
                    e.code == ErrorCode::kBadTypeTable)
            << compress << " " << n << ": " << e.message();
      EXPECT_LE(e.offset, n) << compress << " " << n;
    }
    Bytes longer = same;
    longer.push_back(0);
    kiln::Error e = error_of<Checked>(codec, longer);
    EXPECT_EQ(e.code, ErrorCode::kTrailingBytes) << compress;
    EXPECT_EQ(e.offset, same.size()) << compress;
  }
}

// With a fingerprint in the header, a message of another type never reaches the quick path; without
// one, only the table tells the versions apart.
TEST(DeserializeFlat, CompatibleMessageWithTheFieldsReordered) {
  for (bool compress : {false, true}) {
    for (bool fingerprint : {true, false}) {
      kiln::Codec codec(
          {.compress_numbers = compress, .compatible = true, .fingerprint = fingerprint});
      const Bytes reordered = codec.serialize(PairV2{-2, 7}).value();
      ASSERT_EQ(reordered.size(), codec.serialize(PairV1{7, -2}).value().size());
      PairV1 pair{};
      ASSERT_TRUE(codec.deserialize_into(reordered, pair).ok()) << compress << fingerprint;
      EXPECT_EQ(pair, (PairV1{7, -2})) << compress << fingerprint;  // by name, not position
      EXPECT_EQ(codec.deserialize<PairV1>(reordered).value(), (PairV1{7, -2}))
          << compress << fingerprint;
    }
  }
}

}  // namespace
