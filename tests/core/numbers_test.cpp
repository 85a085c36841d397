// bool, integers, characters, floating point and enums: round trips and exact wire bytes.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "test_util.hpp"

namespace {

using kiln::ErrorCode;
using kiln::test::bits_of;
using kiln::test::body_error;
using kiln::test::Bytes;
using kiln::test::from_bits;
using kiln::test::payload;
using kiln::test::round_trips;

template <class T>
class IntegerTest : public ::testing::Test {};

using IntegerTypes = ::testing::Types<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t,
                                      std::int32_t, std::uint32_t, std::int64_t, std::uint64_t>;
TYPED_TEST_SUITE(IntegerTest, IntegerTypes);

TYPED_TEST(IntegerTest, EdgeValuesRoundTrip) {
  using T = TypeParam;
  using L = std::numeric_limits<T>;
  for (T v : {L::min(), static_cast<T>(L::min() + 1), T{0}, T{1}, static_cast<T>(-1),
              static_cast<T>(L::max() - 1), L::max(), static_cast<T>(L::max() / 3),
              static_cast<T>(127), static_cast<T>(128)})
    EXPECT_TRUE(round_trips(v)) << +v;
}

TYPED_TEST(IntegerTest, FixedModeIsLittleEndianFullWidth) {
  using T = TypeParam;
  const T v = static_cast<T>(0x8877665544332211ull);
  Bytes expected;
  for (std::size_t i = 0; i < sizeof(T); ++i)
    expected.push_back(static_cast<std::uint8_t>(0x11 * (i + 1)));
  EXPECT_EQ(payload(v, false), expected);
  EXPECT_EQ(payload(static_cast<T>(0), false), Bytes(sizeof(T), 0));
}

TYPED_TEST(IntegerTest, OnlyThirtyTwoAndSixtyFourBitAreCompressed) {
  using T = TypeParam;
  Bytes compressed = payload(T{1}, true);
  if constexpr (sizeof(T) >= 4) {
    EXPECT_EQ(compressed, (Bytes{std::is_signed_v<T> ? std::uint8_t{2} : std::uint8_t{1}}));
  } else {
    EXPECT_EQ(compressed, payload(T{1}, false));
    EXPECT_EQ(compressed.size(), sizeof(T));
  }
}

TYPED_TEST(IntegerTest, TruncatedValueIsRejected) {
  using T = TypeParam;
  for (bool compress : {false, true}) {
    Bytes body = payload(std::numeric_limits<T>::max(), compress);
    body.pop_back();
    kiln::Error e = body_error<T>(body, compress);
    EXPECT_EQ(e.code, ErrorCode::kTruncated) << compress;
    EXPECT_EQ(e.offset, 7u) << compress;
  }
}

TEST(Numbers, BoolRoundTripsAndBytes) {
  EXPECT_TRUE(round_trips(true));
  EXPECT_TRUE(round_trips(false));
  EXPECT_EQ(payload(true), Bytes{0x01});
  EXPECT_EQ(payload(false), Bytes{0x00});
  EXPECT_EQ(payload(true, true), Bytes{0x01});
}

TEST(Numbers, BoolByteTwoIsRejected) {
  for (bool compress : {false, true}) {
    for (std::uint8_t b : {0x02, 0x80, 0xff}) {
      kiln::Error e = body_error<bool>({b}, compress);
      EXPECT_EQ(e.code, ErrorCode::kBadBool) << int{b};
      EXPECT_EQ(e.offset, 7u);
      EXPECT_NE(e.detail.find(std::to_string(b)), std::string::npos) << e.detail;
    }
  }
}

struct WithBool {
  std::int32_t a;
  bool flag;
  std::int16_t c;
  bool operator==(const WithBool&) const = default;
};

TEST(Numbers, BadBoolOffsetInsideStructAndVector) {
  // Fixed mode: a (4 bytes), then the bool at payload offset 4 -> message offset 11.
  EXPECT_TRUE(round_trips(WithBool{-5, true, 300}));
  Bytes body = payload(WithBool{-5, true, 300});
  ASSERT_EQ(body.size(), 7u);
  body[4] = 2;
  kiln::Error e = body_error<WithBool>(body);
  EXPECT_EQ(e.code, ErrorCode::kBadBool);
  EXPECT_EQ(e.offset, 11u);

  // Compressed mode: a = -5 is one byte, so the bool is at payload offset 1.
  Bytes cbody = payload(WithBool{-5, true, 300}, true);
  ASSERT_EQ(cbody, (Bytes{0x09, 0x01, 0x2c, 0x01}));
  cbody[1] = 3;
  e = body_error<WithBool>(cbody, true);
  EXPECT_EQ(e.code, ErrorCode::kBadBool);
  EXPECT_EQ(e.offset, 8u);

  kiln::Error v = body_error<std::vector<bool>>({0x03, 0x00, 0x01, 0x02});
  EXPECT_EQ(v.code, ErrorCode::kBadBool);
  EXPECT_EQ(v.offset, 10u);
}

TEST(Numbers, CharactersRoundTrip) {
  for (char c : {'\0', 'a', '\x7f', static_cast<char>(0x80), static_cast<char>(0xff)})
    EXPECT_TRUE(round_trips(c)) << int{c};
  for (char8_t c : {char8_t{0}, char8_t{'z'}, char8_t{0xC3}, char8_t{0xff}})
    EXPECT_TRUE(round_trips(c)) << int{c};
  for (char16_t c : {char16_t{0}, char16_t{0x00E9}, char16_t{0xD800}, char16_t{0xFFFF}})
    EXPECT_TRUE(round_trips(c)) << int{c};
  for (char32_t c : {char32_t{0}, char32_t{0x1F600}, char32_t{0x10FFFF}, char32_t{0xFFFFFFFF}})
    EXPECT_TRUE(round_trips(c)) << std::uint32_t{c};
}

TEST(Numbers, CharacterBytesAreFixedInBothModes) {
  for (bool compress : {false, true}) {
    EXPECT_EQ(payload('A', compress), Bytes{0x41});
    EXPECT_EQ(payload(char8_t{0xE9}, compress), Bytes{0xE9});
    EXPECT_EQ(payload(u'\u20AC', compress), (Bytes{0xAC, 0x20}));
    EXPECT_EQ(payload(U'\U0001F600', compress), (Bytes{0x00, 0xF6, 0x01, 0x00}));
  }
}

template <class T>
std::vector<T> float_edges() {
  using L = std::numeric_limits<T>;
  std::vector<T> v{T{0},
                   -T{0},
                   T{1},
                   T{-1},
                   L::infinity(),
                   -L::infinity(),
                   L::quiet_NaN(),
                   -L::quiet_NaN(),
                   L::denorm_min(),
                   -L::denorm_min(),
                   L::min(),
                   L::max(),
                   L::lowest(),
                   L::epsilon(),
                   T{1} / T{3}};
  if constexpr (sizeof(T) == 4) {
    v.push_back(from_bits<float>(0x7FC12345u));  // quiet NaN with a payload
    v.push_back(from_bits<float>(0xFFC00001u));  // negative quiet NaN with a payload
  } else {
    v.push_back(from_bits<double>(0x7FF8000000012345ull));
    v.push_back(from_bits<double>(0xFFF8000000000001ull));
  }
  return v;
}

TEST(Numbers, FloatEdgeValuesRoundTripBitExact) {
  for (float f : float_edges<float>()) EXPECT_TRUE(round_trips(f)) << bits_of(f);
}

TEST(Numbers, DoubleEdgeValuesRoundTripBitExact) {
  for (double d : float_edges<double>()) EXPECT_TRUE(round_trips(d)) << bits_of(d);
}

TEST(Numbers, FloatPayloadIsTheBitPattern) {
  for (bool compress : {false, true}) {
    for (float f : float_edges<float>()) {
      std::uint32_t bits = bits_of(f);
      Bytes expected{static_cast<std::uint8_t>(bits), static_cast<std::uint8_t>(bits >> 8),
                     static_cast<std::uint8_t>(bits >> 16), static_cast<std::uint8_t>(bits >> 24)};
      EXPECT_EQ(payload(f, compress), expected) << bits;
    }
    for (double d : float_edges<double>()) {
      std::uint64_t bits = bits_of(d);
      Bytes expected;
      for (int i = 0; i < 8; ++i) expected.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
      EXPECT_EQ(payload(d, compress), expected) << bits;
    }
  }
  EXPECT_EQ(payload(1.0f), (Bytes{0x00, 0x00, 0x80, 0x3f}));
  EXPECT_EQ(payload(-0.0f), (Bytes{0x00, 0x00, 0x00, 0x80}));
  EXPECT_EQ(payload(1.0), (Bytes{0, 0, 0, 0, 0, 0, 0xf0, 0x3f}));
}

TEST(Numbers, SameValueComparesFloatBits) {
  // The test helper's equality: NaN equals the same NaN, -0.0 differs from +0.0.
  EXPECT_TRUE(kiln::test::same_value(std::numeric_limits<double>::quiet_NaN(),
                                     std::numeric_limits<double>::quiet_NaN()));
  EXPECT_FALSE(kiln::test::same_value(0.0, -0.0));
  EXPECT_FALSE(
      kiln::test::same_value(from_bits<float>(0x7FC00001u), from_bits<float>(0x7FC00002u)));
}

enum class Small : std::int8_t { kMin = -128, kMinusOne = -1, kZero = 0, kMax = 127 };
enum class Huge : std::uint64_t { kZero = 0, kBig = 0x0123456789ABCDEFull, kMax = ~0ull };
enum class Signed32 : std::int32_t { kA = -1, kB = 1000000 };
enum Plain { kPlainA = 3, kPlainB = 250 };

TEST(Numbers, EnumsRoundTrip) {
  for (Small s : {Small::kMin, Small::kMinusOne, Small::kZero, Small::kMax})
    EXPECT_TRUE(round_trips(s));
  for (Huge h : {Huge::kZero, Huge::kBig, Huge::kMax}) EXPECT_TRUE(round_trips(h));
  for (Signed32 s : {Signed32::kA, Signed32::kB}) EXPECT_TRUE(round_trips(s));
  EXPECT_TRUE(round_trips(kPlainB));
  // A value outside the enumerators still round-trips: it is the underlying integer.
  EXPECT_TRUE(round_trips(static_cast<Small>(42)));
}

TEST(Numbers, EnumBytesAreTheUnderlyingInteger) {
  EXPECT_EQ(payload(Small::kMin), Bytes{0x80});
  EXPECT_EQ(payload(Small::kMin, true), Bytes{0x80});
  EXPECT_EQ(payload(Huge::kMax), Bytes(8, 0xff));
  Bytes huge_compressed(9, 0xff);
  huge_compressed.push_back(0x01);
  EXPECT_EQ(payload(Huge::kMax, true), huge_compressed);
  EXPECT_EQ(payload(Signed32::kA, true), Bytes{0x01});
  EXPECT_EQ(payload(Signed32::kB, true), payload(std::int32_t{1000000}, true));
  // The fingerprint tells an enum from its underlying type.
  EXPECT_NE(kiln::fingerprint_of<Signed32>(), kiln::fingerprint_of<std::int32_t>());
  EXPECT_NE(kiln::fingerprint_of<Small>(), kiln::fingerprint_of<Huge>());
}

TEST(Numbers, FixedModeExactBytes) {
  EXPECT_EQ(payload(std::int32_t{1}), (Bytes{0x01, 0x00, 0x00, 0x00}));
  EXPECT_EQ(payload(std::int32_t{-1}), (Bytes{0xff, 0xff, 0xff, 0xff}));
  EXPECT_EQ(payload(std::int16_t{-2}), (Bytes{0xfe, 0xff}));
  EXPECT_EQ(payload(std::uint16_t{0x1234}), (Bytes{0x34, 0x12}));
  EXPECT_EQ(payload(std::int64_t{0x0102030405060708}),
            (Bytes{0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01}));
  EXPECT_EQ(payload(std::numeric_limits<std::int64_t>::min()), (Bytes{0, 0, 0, 0, 0, 0, 0, 0x80}));
}

TEST(Numbers, CompressedModeExactBytes) {
  EXPECT_EQ(payload(std::int32_t{-1}, true), Bytes{0x01});
  EXPECT_EQ(payload(std::int32_t{0}, true), Bytes{0x00});
  EXPECT_EQ(payload(std::int32_t{1}, true), Bytes{0x02});
  EXPECT_EQ(payload(std::int32_t{-64}, true), Bytes{0x7f});
  EXPECT_EQ(payload(std::int32_t{64}, true), (Bytes{0x80, 0x01}));
  EXPECT_EQ(payload(std::numeric_limits<std::int32_t>::min(), true),
            (Bytes{0xff, 0xff, 0xff, 0xff, 0x0f}));
  EXPECT_EQ(payload(std::numeric_limits<std::int32_t>::max(), true),
            (Bytes{0xfe, 0xff, 0xff, 0xff, 0x0f}));
  EXPECT_EQ(payload(std::uint32_t{300}, true), (Bytes{0xac, 0x02}));
  EXPECT_EQ(payload(std::numeric_limits<std::uint32_t>::max(), true),
            (Bytes{0xff, 0xff, 0xff, 0xff, 0x0f}));
  Bytes ten(9, 0xff);
  ten.push_back(0x01);
  EXPECT_EQ(payload(std::numeric_limits<std::uint64_t>::max(), true), ten);
  EXPECT_EQ(payload(std::numeric_limits<std::int64_t>::min(), true), ten);
  EXPECT_EQ(payload(std::int64_t{-1}, true), Bytes{0x01});
  // Narrow integers stay fixed-width.
  EXPECT_EQ(payload(std::int8_t{-1}, true), Bytes{0xff});
  EXPECT_EQ(payload(std::uint8_t{200}, true), Bytes{0xc8});
  EXPECT_EQ(payload(std::int16_t{-2}, true), (Bytes{0xfe, 0xff}));
}

TEST(Numbers, HeaderFlagFollowsTheCodecOption) {
  Bytes fixed = kiln::Codec({.compress_numbers = false}).serialize(std::int32_t{5}).value();
  Bytes compressed = kiln::Codec({.compress_numbers = true}).serialize(std::int32_t{5}).value();
  ASSERT_EQ(fixed.size(), 7u + 4u);
  ASSERT_EQ(compressed.size(), 7u + 1u);
  EXPECT_EQ(fixed[2], 0);
  EXPECT_EQ(compressed[2], 1);
  // Same schema, so same fingerprint bytes.
  EXPECT_TRUE(std::equal(fixed.begin() + 3, fixed.begin() + 7, compressed.begin() + 3));
}

TEST(Numbers, ReaderDecodesEitherModeWhateverItsOwnOption) {
  for (bool writer : {false, true}) {
    Bytes bytes =
        kiln::Codec({.compress_numbers = writer}).serialize(std::int64_t{-123456789}).value();
    for (bool reader : {false, true}) {
      auto r = kiln::Codec({.compress_numbers = reader}).deserialize<std::int64_t>(bytes);
      ASSERT_TRUE(r.ok()) << r.error().message();
      EXPECT_EQ(*r, -123456789);
    }
  }
}

TEST(Numbers, CompressedValueTooWideIsRejected) {
  // A 32-bit field whose varint carries bit 32.
  kiln::Error e = body_error<std::int32_t>({0xff, 0xff, 0xff, 0xff, 0x1f}, true);
  EXPECT_EQ(e.code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(e.offset, 7u);
  Bytes eleven(10, 0x80);
  eleven.push_back(0x00);
  e = body_error<std::uint64_t>(eleven, true);
  EXPECT_EQ(e.code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(e.offset, 7u);
}

TEST(Numbers, FingerprintsDistinguishNumberTypes) {
  static_assert(kiln::fingerprint_of<std::int32_t>() != kiln::fingerprint_of<std::uint32_t>());
  static_assert(kiln::fingerprint_of<std::int32_t>() != kiln::fingerprint_of<std::int64_t>());
  static_assert(kiln::fingerprint_of<std::int32_t>() != kiln::fingerprint_of<float>());
  static_assert(kiln::fingerprint_of<float>() != kiln::fingerprint_of<double>());
  static_assert(kiln::fingerprint_of<bool>() != kiln::fingerprint_of<std::uint8_t>());
  static_assert(kiln::fingerprint_of<char16_t>() != kiln::fingerprint_of<std::uint16_t>());
  // char and char8_t share a wire form.
  static_assert(kiln::fingerprint_of<char>() == kiln::fingerprint_of<char8_t>());
  kiln::Error e =
      kiln::test::decode_error<std::uint32_t>(kiln::Codec().serialize(std::int32_t{1}).value());
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
}

}  // namespace
