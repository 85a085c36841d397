// The io layer: varints, zigzag, the bounds-checked Reader and the growing Writer.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "kiln/detail/io/copy.hpp"
#include "kiln/detail/io/equal_bytes.hpp"
#include "kiln/detail/io/varint.hpp"
#include "kiln/detail/io/writer.hpp"
#include "kiln/detail/ser/reader.hpp"
#include "test_util.hpp"

namespace {

using kiln::ErrorCode;
using kiln::detail::Reader;
using kiln::detail::io::Writer;
using Bytes = std::vector<std::uint8_t>;

constexpr std::uint32_t kU32Max = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

Bytes encode_varint(std::uint64_t v) {
  Bytes b(kiln::detail::io::kMaxVarint64 + 1, 0xEE);
  std::uint8_t* end = kiln::detail::io::put_varint(b.data(), v);
  b.resize(static_cast<std::size_t>(end - b.data()));
  return b;
}

struct VarintCase {
  std::uint64_t value;
  Bytes bytes;
};

const std::vector<VarintCase>& varint_cases() {
  static const std::vector<VarintCase> cases{
      {0, {0x00}},
      {1, {0x01}},
      {127, {0x7f}},
      {128, {0x80, 0x01}},
      {300, {0xac, 0x02}},
      {16383, {0xff, 0x7f}},
      {16384, {0x80, 0x80, 0x01}},
      {2097151, {0xff, 0xff, 0x7f}},
      {2097152, {0x80, 0x80, 0x80, 0x01}},
      {kU32Max, {0xff, 0xff, 0xff, 0xff, 0x0f}},
      {std::uint64_t{kU32Max} + 1, {0x80, 0x80, 0x80, 0x80, 0x10}},
      {std::uint64_t{1} << 63, {0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}},
      {kU64Max, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}},
  };
  return cases;
}

// equal_bytes finds a difference in any byte: the words, the overlapping tail, and sizes below
// one word.
template <std::size_t N>
void expect_equal_bytes_finds_every_difference() {
  std::uint8_t a[N], b[N];
  for (std::size_t i = 0; i < N; ++i) a[i] = b[i] = static_cast<std::uint8_t>(i * 37 + 1);
  EXPECT_TRUE(kiln::detail::io::equal_bytes<N>(a, b)) << N;
  for (std::size_t i = 0; i < N; ++i) {
    for (std::uint8_t bit : {0x01, 0x80}) {
      b[i] ^= bit;
      EXPECT_FALSE(kiln::detail::io::equal_bytes<N>(a, b)) << "size " << N << ", byte " << i;
      b[i] ^= bit;
    }
  }
}

TEST(EqualBytes, FindsADifferenceInAnyByte) {
  expect_equal_bytes_finds_every_difference<1>();
  expect_equal_bytes_finds_every_difference<7>();
  expect_equal_bytes_finds_every_difference<8>();
  expect_equal_bytes_finds_every_difference<9>();
  expect_equal_bytes_finds_every_difference<16>();
  expect_equal_bytes_finds_every_difference<74>();  // Struct's type table
}

TEST(Varint, EncodesBoundaryValuesToExactBytes) {
  for (const auto& c : varint_cases()) {
    EXPECT_EQ(encode_varint(c.value), c.bytes) << c.value;
    EXPECT_EQ(kiln::detail::io::varint_size(c.value), c.bytes.size()) << c.value;
  }
}

TEST(Varint, DecodesBoundaryValuesAs64Bit) {
  for (const auto& c : varint_cases()) {
    Reader r(c.bytes.data(), c.bytes.size());
    std::uint64_t v = 12345;
    ASSERT_TRUE(r.read_varint(v)) << c.value << ": " << r.error().message();
    EXPECT_EQ(v, c.value);
    EXPECT_EQ(r.remaining(), 0u);
    EXPECT_EQ(r.offset(), c.bytes.size());
  }
}

TEST(Varint, DecodesValuesThatFit32Bits) {
  for (const auto& c : varint_cases()) {
    Reader r(c.bytes.data(), c.bytes.size());
    std::uint32_t v = 12345;
    bool ok = r.read_varint(v);
    if (c.value <= kU32Max) {
      ASSERT_TRUE(ok) << c.value << ": " << r.error().message();
      EXPECT_EQ(v, c.value);
    } else {
      ASSERT_FALSE(ok) << c.value;
      EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow) << c.value;
      EXPECT_EQ(r.error().offset, 0u);
      EXPECT_EQ(v, 12345u) << "output written on failure";
    }
  }
}

TEST(Varint, SizeMatchesMaxBytes) {
  static_assert(kiln::detail::io::max_varint_bytes<std::uint8_t>() == 2);
  static_assert(kiln::detail::io::max_varint_bytes<std::uint16_t>() == 3);
  static_assert(kiln::detail::io::max_varint_bytes<std::uint32_t>() ==
                kiln::detail::io::kMaxVarint32);
  static_assert(kiln::detail::io::max_varint_bytes<std::uint64_t>() ==
                kiln::detail::io::kMaxVarint64);
  static_assert(kiln::detail::io::varint_size(kU32Max) == 5);
  static_assert(kiln::detail::io::varint_size(kU64Max) == 10);
  EXPECT_EQ(encode_varint(kU64Max).size(), kiln::detail::io::kMaxVarint64);
}

TEST(Varint, SequentialValuesRoundTrip) {
  Bytes buf;
  Writer w(buf);
  std::vector<std::uint64_t> values;
  for (int shift = 0; shift < 64; ++shift) {
    std::uint64_t p = std::uint64_t{1} << shift;
    for (std::uint64_t v : {p - 1, p, p + 1}) values.push_back(v);
  }
  for (std::uint64_t v : values) w.write_varint(v);
  w.finish();
  Reader r(buf.data(), buf.size());
  for (std::uint64_t v : values) {
    std::uint64_t got = 0;
    ASSERT_TRUE(r.read_varint(got)) << v;
    EXPECT_EQ(got, v);
  }
  EXPECT_EQ(r.remaining(), 0u);
}

// The format's varint rules one byte at a time, independent of the Reader: the value and length,
// or nothing for a varint too long for U or with bits beyond U (the input always ends it).
template <class U>
std::optional<std::pair<U, std::size_t>> reference_varint(const Bytes& b) {
  constexpr std::size_t max = kiln::detail::io::max_varint_bytes<U>();
  std::uint64_t v = 0;
  bool beyond = false;  // a bit at or above sizeof(U) * 8
  for (std::size_t i = 0; i < b.size() && i < max; ++i) {
    const std::uint64_t group = b[i] & 0x7f;
    if (group != 0 && 7 * i + std::bit_width(group) > sizeof(U) * 8)
      beyond = true;
    else
      v |= group << (7 * i);
    if (b[i] < 0x80) {
      if (beyond) return std::nullopt;
      return std::pair{static_cast<U>(v), i + 1};
    }
  }
  return std::nullopt;
}

// Reads b followed by `tail`: what comes after a varint must not change how it reads.
template <class U>
void expect_reads_as_reference(const Bytes& b, const Bytes& tail) {
  Bytes buf = b;
  buf.insert(buf.end(), tail.begin(), tail.end());
  Reader r(buf.data(), buf.size());
  U v = 123;
  const bool ok = r.read_varint(v);
  const auto want = reference_varint<U>(b);
  ASSERT_EQ(ok, want.has_value()) << testing::PrintToString(b) << " as " << sizeof(U) << " bytes";
  if (ok) {
    EXPECT_EQ(v, want->first) << testing::PrintToString(b);
    EXPECT_EQ(r.offset(), want->second) << testing::PrintToString(b);
  } else {
    EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow) << testing::PrintToString(b);
    EXPECT_EQ(r.error().offset, 0u);
    EXPECT_EQ(r.offset(), 0u);
  }
}

// put_varint_number (whole-word stores, for number fields) writes put_varint's bytes for every
// length, and nothing past the max_varint_bytes<U>() of room it is given.
template <class U>
void expect_number_varint_as_put_varint(U v) {
  std::uint8_t want[16], got[16];
  std::fill(std::begin(got), std::end(got), std::uint8_t{0xAA});
  std::uint8_t* want_end = kiln::detail::io::put_varint(want, v);
  const std::uint8_t* got_end = kiln::detail::io::put_varint_number(got, v);
  const auto n = static_cast<std::size_t>(want_end - want);
  ASSERT_EQ(static_cast<std::size_t>(got_end - got), n) << v;
  EXPECT_TRUE(std::equal(std::begin(want), std::begin(want) + n, std::begin(got))) << v;
  for (std::size_t i = kiln::detail::io::max_varint_bytes<U>(); i < 16; ++i)
    ASSERT_EQ(got[i], 0xAA) << v << " wrote byte " << i;
}

TEST(Varint, NumberEncoderWritesTheSameBytesWithinItsRoom) {
  std::mt19937_64 rng(20261204);
  for (unsigned bits = 0; bits <= 64; ++bits) {
    const std::uint64_t top = bits == 0 ? 0 : std::uint64_t{1} << (bits - 1);
    for (int round = 0; round < 50; ++round) {
      // Every bit width, at its lowest, highest and random values.
      const std::uint64_t mask = bits == 64 ? kU64Max : (std::uint64_t{1} << bits) - 1;
      const std::uint64_t v = round == 0 ? top : round == 1 ? mask : (rng() & mask) | top;
      expect_number_varint_as_put_varint<std::uint64_t>(v);
      if (bits <= 32)
        expect_number_varint_as_put_varint<std::uint32_t>(static_cast<std::uint32_t>(v));
    }
  }
}

TEST(Varint, ReaderMatchesTheByteRulesForEveryLength) {
  std::mt19937_64 rng(20261201);
  const Bytes tails[] = {{}, Bytes(8, 0x00), Bytes(8, 0xff), Bytes(3, 0x01)};
  for (std::size_t len = 1; len <= 11; ++len) {
    for (int round = 0; round < 200; ++round) {
      Bytes b(len);
      for (auto& x : b) x = static_cast<std::uint8_t>(rng() | 0x80);
      b.back() &= 0x7f;
      if (round == 0) b.back() = 0;  // overlong: a zero last byte
      if (round == 1) std::fill(b.begin(), b.end() - 1, 0xff);
      for (const Bytes& tail : tails) {
        expect_reads_as_reference<std::uint8_t>(b, tail);
        expect_reads_as_reference<std::uint16_t>(b, tail);
        expect_reads_as_reference<std::uint32_t>(b, tail);
        expect_reads_as_reference<std::uint64_t>(b, tail);
      }
    }
  }
}

TEST(Zigzag, Maps32BitEdgeValues) {
  using kiln::detail::io::zigzag_decode;
  using kiln::detail::io::zigzag_encode;
  constexpr std::int32_t kMin = std::numeric_limits<std::int32_t>::min();
  constexpr std::int32_t kMax = std::numeric_limits<std::int32_t>::max();
  static_assert(zigzag_encode(std::int32_t{0}) == 0u);
  static_assert(zigzag_encode(std::int32_t{-1}) == 1u);
  static_assert(zigzag_encode(std::int32_t{1}) == 2u);
  static_assert(zigzag_encode(std::int32_t{-2}) == 3u);
  static_assert(zigzag_encode(kMax) == 0xFFFFFFFEu);
  static_assert(zigzag_encode(kMin) == 0xFFFFFFFFu);
  static_assert(std::is_same_v<decltype(zigzag_encode(kMin)), std::uint32_t>);
  static_assert(zigzag_decode(0u) == 0);
  static_assert(zigzag_decode(1u) == -1);
  static_assert(zigzag_decode(2u) == 1);
  static_assert(zigzag_decode(0xFFFFFFFEu) == kMax);
  static_assert(zigzag_decode(0xFFFFFFFFu) == kMin);
  static_assert(std::is_same_v<decltype(zigzag_decode(0u)), std::int32_t>);
  for (std::int32_t v : {kMin, kMin + 1, -65, -64, -1, 0, 1, 63, 64, kMax - 1, kMax})
    EXPECT_EQ(zigzag_decode(zigzag_encode(v)), v);
}

TEST(Zigzag, Maps64BitEdgeValues) {
  using kiln::detail::io::zigzag_decode;
  using kiln::detail::io::zigzag_encode;
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  static_assert(zigzag_encode(std::int64_t{0}) == 0u);
  static_assert(zigzag_encode(std::int64_t{-1}) == 1u);
  static_assert(zigzag_encode(std::int64_t{1}) == 2u);
  static_assert(zigzag_encode(kMax) == 0xFFFFFFFFFFFFFFFEull);
  static_assert(zigzag_encode(kMin) == 0xFFFFFFFFFFFFFFFFull);
  static_assert(std::is_same_v<decltype(zigzag_encode(kMin)), std::uint64_t>);
  static_assert(zigzag_decode(std::uint64_t{1}) == -1);
  static_assert(zigzag_decode(0xFFFFFFFFFFFFFFFEull) == kMax);
  static_assert(zigzag_decode(0xFFFFFFFFFFFFFFFFull) == kMin);
  // -2^31 needs more than 32 bits once zigzagged in 64 bits.
  static_assert(zigzag_encode(std::int64_t{-2147483648}) == 0xFFFFFFFFull);
  static_assert(zigzag_encode(std::int64_t{2147483648}) == 0x100000000ull);
  for (std::int64_t v :
       {kMin, kMin + 1, std::int64_t{-1}, std::int64_t{0}, std::int64_t{1}, kMax - 1, kMax})
    EXPECT_EQ(zigzag_decode(zigzag_encode(v)), v);
}

TEST(Zigzag, ZigzaggedVarintBytes) {
  EXPECT_EQ(encode_varint(kiln::detail::io::zigzag_encode(std::int32_t{-1})), (Bytes{0x01}));
  EXPECT_EQ(encode_varint(kiln::detail::io::zigzag_encode(std::int32_t{-64})), (Bytes{0x7f}));
  EXPECT_EQ(encode_varint(kiln::detail::io::zigzag_encode(std::int32_t{64})), (Bytes{0x80, 0x01}));
  EXPECT_EQ(
      encode_varint(kiln::detail::io::zigzag_encode(std::numeric_limits<std::int32_t>::min())),
      (Bytes{0xff, 0xff, 0xff, 0xff, 0x0f}));
  EXPECT_EQ(
      encode_varint(kiln::detail::io::zigzag_encode(std::numeric_limits<std::int64_t>::min())),
      (Bytes{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
}

TEST(ReaderVarint, RejectsElevenByteVarint) {
  Bytes b(10, 0xff);
  b.push_back(0x01);
  Reader r(b.data(), b.size());
  std::uint64_t v = 0;
  EXPECT_FALSE(r.read_varint(v));
  EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(r.error().offset, 0u);
  EXPECT_EQ(r.offset(), 0u) << "the cursor must not move on failure";
}

TEST(ReaderVarint, RejectsTenthByteWithBitsBeyond64) {
  Bytes b(9, 0xff);
  b.push_back(0x02);  // bit 64
  Reader r(b.data(), b.size());
  std::uint64_t v = 0;
  EXPECT_FALSE(r.read_varint(v));
  EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(r.error().offset, 0u);
}

TEST(ReaderVarint, RejectsFiveByteUint32WithHighBits) {
  for (std::uint8_t last : {0x10, 0x1f, 0x7f}) {
    Bytes b{0xff, 0xff, 0xff, 0xff, last};
    Reader r(b.data(), b.size());
    std::uint32_t v = 0;
    EXPECT_FALSE(r.read_varint(v)) << int{last};
    EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow) << int{last};
    EXPECT_EQ(r.error().offset, 0u);
  }
  // Low four bits only: UINT32_MAX, accepted.
  Bytes ok{0xff, 0xff, 0xff, 0xff, 0x0f};
  Reader r(ok.data(), ok.size());
  std::uint32_t v = 0;
  EXPECT_TRUE(r.read_varint(v));
  EXPECT_EQ(v, kU32Max);
}

TEST(ReaderVarint, RejectsSixByteUint32) {
  Bytes b{0x80, 0x80, 0x80, 0x80, 0x80, 0x00};
  Reader r(b.data(), b.size());
  std::uint32_t v = 0;
  EXPECT_FALSE(r.read_varint(v));
  EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow);
}

TEST(ReaderVarint, SmallTypesAreBounded) {
  {
    Bytes b{0xff, 0x01};  // 255
    Reader r(b.data(), b.size());
    std::uint8_t v = 0;
    EXPECT_TRUE(r.read_varint(v));
    EXPECT_EQ(v, 255);
  }
  {
    Bytes b{0x80, 0x02};  // 256
    Reader r(b.data(), b.size());
    std::uint8_t v = 0;
    EXPECT_FALSE(r.read_varint(v));
    EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow);
  }
  {
    Bytes b{0xff, 0xff, 0x04};  // 65536
    Reader r(b.data(), b.size());
    std::uint16_t v = 0;
    EXPECT_FALSE(r.read_varint(v));
    EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow);
  }
}

TEST(ReaderVarint, OverflowOffsetIsWhereTheVarintStarts) {
  Bytes b{0x07, 0x00, 0xff, 0xff, 0xff, 0xff, 0x7f};
  Reader r(b.data(), b.size());
  std::uint16_t prefix = 0;
  ASSERT_TRUE(r.read_fixed(prefix));
  EXPECT_EQ(prefix, 7);
  std::uint32_t v = 0;
  EXPECT_FALSE(r.read_varint(v));
  EXPECT_EQ(r.error().code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(r.error().offset, 2u);
}

TEST(ReaderVarint, TruncatedVarints) {
  for (const Bytes& b : {Bytes{}, Bytes{0x80}, Bytes{0xff, 0xff}, Bytes(9, 0xff)}) {
    Reader r(b.data(), b.size());
    std::uint64_t v = 0;
    EXPECT_FALSE(r.read_varint(v)) << b.size();
    EXPECT_EQ(r.error().code, ErrorCode::kTruncated) << b.size();
    EXPECT_EQ(r.error().offset, 0u);
  }
  Bytes b{0x01, 0x80, 0x80};
  Reader r(b.data(), b.size());
  std::uint32_t first = 0, second = 0;
  ASSERT_TRUE(r.read_varint(first));
  EXPECT_FALSE(r.read_varint(second));
  EXPECT_EQ(r.error().code, ErrorCode::kTruncated);
  EXPECT_EQ(r.error().offset, 1u);
}

TEST(Reader, FixedWidthIsLittleEndian) {
  Bytes b{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0xff, 0xfe};
  Reader r(b.data(), b.size());
  std::uint64_t u64 = 0;
  std::uint16_t u16 = 0;
  std::int16_t i16 = 0;
  ASSERT_TRUE(r.read_fixed(u64));
  ASSERT_TRUE(r.read_fixed(u16));
  ASSERT_TRUE(r.read_fixed(i16));
  EXPECT_EQ(u64, 0x0807060504030201ull);
  EXPECT_EQ(u16, 0x0a09);
  EXPECT_EQ(i16, -257);
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(Reader, TruncatedFixedWidthRead) {
  Bytes b{0x01, 0x02, 0x03};
  Reader r(b.data(), b.size());
  std::uint8_t first = 0;
  ASSERT_TRUE(r.read_u8(first, "first"));
  std::uint32_t v = 0xdeadbeef;
  EXPECT_FALSE(r.read_fixed(v, "the value"));
  EXPECT_EQ(v, 0xdeadbeefu);
  EXPECT_EQ(r.error().code, ErrorCode::kTruncated);
  EXPECT_EQ(r.error().offset, 1u);
  EXPECT_NE(r.error().detail.find("the value"), std::string::npos) << r.error().detail;
  EXPECT_EQ(r.offset(), 1u);
}

TEST(Reader, KeepsTheFirstError) {
  Bytes b{0x80};
  Reader r(b.data(), b.size());
  std::uint64_t v = 0;
  EXPECT_FALSE(r.read_varint(v));
  r.fail_at(0, ErrorCode::kBadBool, "later");
  EXPECT_TRUE(r.failed());
  EXPECT_EQ(r.error().code, ErrorCode::kTruncated);
  kiln::Error e = r.take_error();
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
}

TEST(Reader, LengthPrefixBoundedByRemainingBytes) {
  // 3 elements of at least 2 bytes need 6 bytes; 5 remain after the prefix.
  Bytes b{0x03, 0, 0, 0, 0, 0};
  {
    Reader r(b.data(), b.size());
    std::size_t n = 99;
    EXPECT_FALSE(r.read_length(n, 2, 1000, "count", 1));
    EXPECT_EQ(r.error().code, ErrorCode::kTruncated);  // the bytes the count needs are not there
    EXPECT_EQ(r.error().offset, 0u);
    EXPECT_EQ(n, 99u);
  }
  {
    Reader r(b.data(), b.size());
    std::size_t n = 0;
    EXPECT_TRUE(r.read_length(n, 1, 1000, "count", 1));
    EXPECT_EQ(n, 3u);
    EXPECT_EQ(r.offset(), 1u);
  }
  {
    Reader r(b.data(), b.size());
    std::size_t n = 0;
    EXPECT_FALSE(r.read_length(n, 1, 2, "count", 1));  // over the configured limit
    EXPECT_EQ(r.error().code, ErrorCode::kLengthTooLarge);
    EXPECT_EQ(r.error().offset, 0u);
  }
}

TEST(Reader, LengthPrefixOf2To40) {
  Bytes b = encode_varint(std::uint64_t{1} << 40);
  b.resize(20, 0);
  Reader r(b.data(), b.size());
  std::size_t n = 0;
  EXPECT_FALSE(r.read_length(n, 1, std::size_t{1} << 28, "count", 1));
  EXPECT_EQ(r.error().code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(r.error().offset, 0u);
}

// read_length checks by multiplication: a count that exactly fits the remaining bytes or the
// allocation budget passes, one more fails with the matching message, and the budget is charged.
TEST(Reader, LengthChecksAtTheirExactEdges) {
  Bytes b = encode_varint(5);
  b.resize(11, 0);  // 10 bytes after the prefix
  {
    Reader r(b.data(), b.size());
    std::size_t n = 0;
    EXPECT_TRUE(r.read_length(n, 2, 100, "count", 0));  // 5 x 2 = 10 remaining bytes
    EXPECT_EQ(n, 5u);
  }
  {
    Reader r(b.data(), b.size());
    std::size_t n = 0;
    EXPECT_FALSE(r.read_length(n, 3, 100, "count", 0));  // 5 x 3 > 10
    EXPECT_EQ(r.error().code, ErrorCode::kTruncated);
    EXPECT_EQ(r.error().detail, "count 5 needs at least 5 x 3 bytes but only 10 remain");
  }
  kiln::Limits limits;
  limits.max_alloc_bytes = 40;
  {
    Reader r(b.data(), b.size(), limits);
    std::size_t n = 0;
    EXPECT_TRUE(r.read_length(n, 1, 100, "count", 8));  // 5 x 8 = the whole budget
    EXPECT_EQ(r.alloc_left(), 0u);
  }
  {
    Reader r(b.data(), b.size(), limits);
    std::size_t n = 0;
    EXPECT_FALSE(r.read_length(n, 1, 100, "count", 9));
    EXPECT_EQ(r.error().code, ErrorCode::kAllocationLimit);
    EXPECT_EQ(r.alloc_left(), 40u);  // nothing charged for a refused count
  }
  {
    Reader r(b.data(), b.size());
    std::size_t n = 0;
    EXPECT_FALSE(r.read_length(n, 1, 4, "count", 1));
    EXPECT_EQ(r.error().detail, "count 5 exceeds the limit 4");
  }
}

// Counts of 2^32 and more take the exact path: with elements of no wire or storage size such a
// count is accepted where size_t holds it, and over the limit where it does not.
TEST(Reader, LengthOf2To32ElementsOfNoSize) {
  Bytes b = encode_varint(std::uint64_t{1} << 32);
  Reader r(b.data(), b.size());
  std::size_t n = 0;
  bool ok = r.read_length(n, 0, std::numeric_limits<std::size_t>::max(), "count", 0);
  if constexpr (sizeof(std::size_t) == 8) {
    EXPECT_TRUE(ok);
    EXPECT_EQ(std::uint64_t{n}, std::uint64_t{1} << 32);
  } else {
    EXPECT_FALSE(ok);
    EXPECT_EQ(r.error().code, ErrorCode::kLengthTooLarge);
  }
}

TEST(Reader, DepthGuard) {
  Bytes b;
  kiln::Limits limits;
  limits.max_depth = 2;
  Reader r(b.data(), 0, limits);
  EXPECT_TRUE(r.enter("a"));
  EXPECT_TRUE(r.enter("b"));
  r.leave();
  EXPECT_TRUE(r.enter("b again"));
  EXPECT_FALSE(r.enter("c"));
  EXPECT_EQ(r.error().code, ErrorCode::kDepthExceeded);
}

TEST(Writer, GrowsAcrossManyWrites) {
  Bytes out;
  Writer w(out);
  constexpr std::uint32_t kCount = 20000;
  for (std::uint32_t i = 0; i < kCount; ++i) {
    w.write_u8(static_cast<std::uint8_t>(i));
    w.write_fixed(i);
    w.write_varint(std::uint64_t{i} * 977);
    w.write_fixed(static_cast<std::uint64_t>(i) << 32);
  }
  std::size_t expected = 0;
  for (std::uint32_t i = 0; i < kCount; ++i)
    expected += 1 + 4 + kiln::detail::io::varint_size(std::uint64_t{i} * 977) + 8;
  EXPECT_EQ(w.written(), expected);
  EXPECT_EQ(w.finish(), expected);
  ASSERT_EQ(out.size(), expected);

  Reader r(out.data(), out.size());
  for (std::uint32_t i = 0; i < kCount; ++i) {
    std::uint8_t a = 0;
    std::uint32_t b = 0;
    std::uint64_t c = 0, d = 0;
    ASSERT_TRUE(r.read_u8(a, "a") && r.read_fixed(b) && r.read_varint(c) && r.read_fixed(d)) << i;
    ASSERT_EQ(a, static_cast<std::uint8_t>(i));
    ASSERT_EQ(b, i);
    ASSERT_EQ(c, std::uint64_t{i} * 977);
    ASSERT_EQ(d, static_cast<std::uint64_t>(i) << 32);
  }
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(Writer, LargeBlockWrites) {
  Bytes out;
  Writer w(out);
  Bytes block(100000);
  for (std::size_t i = 0; i < block.size(); ++i) block[i] = static_cast<std::uint8_t>(i * 7);
  w.write_u8(0x42);
  w.write_bytes(block.data(), block.size());
  w.write_bytes(nullptr, 0);
  w.write_bytes(block.data(), 3);
  w.finish();
  ASSERT_EQ(out.size(), 1 + block.size() + 3);
  EXPECT_EQ(out[0], 0x42);
  EXPECT_TRUE(std::equal(block.begin(), block.end(), out.begin() + 1));
  EXPECT_EQ(out[out.size() - 3], block[0]);
  EXPECT_EQ(out[out.size() - 1], block[2]);
}

TEST(Writer, AppendsAfterExistingContents) {
  Bytes out{1, 2, 3};
  Writer w(out);
  w.write_fixed(std::uint16_t{0x0504});
  w.write_varint(300);
  EXPECT_EQ(w.written(), 4u);
  w.finish();
  EXPECT_EQ(out, (Bytes{1, 2, 3, 0x04, 0x05, 0xac, 0x02}));
}

TEST(Writer, ReusesScratchFromStart) {
  Bytes scratch(8, 0xEE);
  Writer w(scratch, 0);
  w.write_fixed(std::uint32_t{0x11223344});
  EXPECT_EQ(w.written(), 4u);
  EXPECT_EQ(scratch.size(), 8u) << "no growth while the room suffices";
  EXPECT_EQ(scratch[0], 0x44);
  EXPECT_EQ(scratch[3], 0x11);
  w.write_fixed(std::uint64_t{0x0102030405060708});  // needs growth
  EXPECT_EQ(w.written(), 12u);
  ASSERT_GE(scratch.size(), 12u);
  EXPECT_EQ(scratch[0], 0x44);
  EXPECT_EQ(scratch[4], 0x08);
  EXPECT_EQ(scratch[11], 0x01);
}

// copy_bytes copies short runs with overlapping words: every length up to past its inline
// limit copies exactly n bytes and touches nothing around them.
TEST(CopyBytes, EveryLengthCopiesExactly) {
  Bytes src(48);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::uint8_t>(i + 1);
  for (std::size_t n = 0; n <= 40; ++n) {
    Bytes dst(n + 16, 0xEE);
    kiln::detail::io::copy_bytes(dst.data() + 8, src.data(), n);
    for (std::size_t i = 0; i < dst.size(); ++i) {
      std::uint8_t want = (i >= 8 && i < 8 + n) ? src[i - 8] : 0xEE;
      ASSERT_EQ(dst[i], want) << "n=" << n << " i=" << i;
    }
  }
}

// Overlapping ranges, either way round, copy as memmove does.
TEST(CopyBytes, OverlappingRangesCopyAsMemmove) {
  for (std::size_t n = 0; n <= 40; ++n) {
    for (std::size_t shift = 1; shift <= 9; ++shift) {
      for (bool forward : {true, false}) {
        Bytes buf(n + 20), want;
        for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<std::uint8_t>(i * 7 + 1);
        want = buf;
        std::uint8_t* src = buf.data() + (forward ? 0 : shift);
        std::uint8_t* dst = buf.data() + (forward ? shift : 0);
        std::memmove(want.data() + (dst - buf.data()), want.data() + (src - buf.data()), n);
        kiln::detail::io::copy_bytes(dst, src, n);
        ASSERT_EQ(buf, want) << "n=" << n << " shift=" << shift << " forward=" << forward;
      }
    }
  }
}

// copy_ascii copies as copy_bytes does and tells ASCII from the words it moved: true for an
// ASCII run of up to 32 bytes, false for a high byte at any position or a longer run.
TEST(CopyBytes, CopyAsciiSeesEveryPosition) {
  for (std::size_t n = 0; n <= 40; ++n) {
    for (std::size_t high = 0; high <= n; ++high) {  // high == n: none
      Bytes src(n, 'a');
      if (high < n) src[high] = 0x80;
      Bytes dst(n + 16, 0xEE), want(n + 16, 0xEE);
      std::copy(src.begin(), src.end(), want.begin() + 8);
      const bool ascii = kiln::detail::io::copy_ascii(dst.data() + 8, src.data(), n);
      EXPECT_EQ(ascii, high == n && n <= 32) << "n=" << n << " high=" << high;
      ASSERT_EQ(dst, want) << "n=" << n << " high=" << high;
    }
  }
}

TEST(Endian, StoreAndLoadLittleEndian) {
  std::uint8_t buf[8] = {};
  kiln::detail::io::store_le(buf, std::uint32_t{0xA1B2C3D4});
  EXPECT_EQ(buf[0], 0xD4);
  EXPECT_EQ(buf[3], 0xA1);
  EXPECT_EQ(kiln::detail::io::load_le<std::uint32_t>(buf), 0xA1B2C3D4u);
  kiln::detail::io::store_le(buf, -2.0);
  EXPECT_EQ(buf[7], 0xC0);
  EXPECT_EQ(kiln::detail::io::load_le<double>(buf), -2.0);
  static_assert(kiln::detail::io::byteswap(std::uint32_t{0x11223344}) == 0x44332211u);
  static_assert(kiln::detail::io::byteswap(std::uint16_t{0xA1B2}) == 0xB2A1u);
}

}  // namespace
