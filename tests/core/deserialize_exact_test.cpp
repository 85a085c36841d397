// A fixed-width message of a root type whose every value has one size (Struct) is read without
// a Reader when it is well formed. Everything else must still go the general way: messages in
// other modes, and every malformed one, with the same error as any other type would get.
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
    const Bytes bytes = codec.serialize(value);
    T back{};
    kiln::Status s = codec.deserialize_into(bytes, back);
    ASSERT_TRUE(s.ok()) << describe(o) << ": " << s.error().message();
    EXPECT_TRUE(back == value) << describe(o);
    kiln::Result<T> fresh = codec.deserialize<T>(bytes);
    ASSERT_TRUE(fresh.ok()) << describe(o);
    EXPECT_TRUE(fresh.value() == value) << describe(o);
  }
}

TEST(DeserializeExact, RoundTripsUnderEveryOptionSet) {
  expect_round_trips(kiln::workloads::make_struct());
  expect_round_trips(kExact);
  expect_round_trips(std::array<std::uint32_t, 3>{1, 2, 0xffffffffu});
}

// Readers follow the message's flags: a fixed-width message is read by a codec that writes
// compressed numbers, and a compressed one by a codec that writes fixed-width ones.
TEST(DeserializeExact, ReadersFollowTheMessageFlags) {
  const Struct value = kiln::workloads::make_struct();
  kiln::Codec fixed, compressed({.compress_numbers = true});
  Struct a{}, b{};
  ASSERT_TRUE(compressed.deserialize_into(fixed.serialize(value), a).ok());
  ASSERT_TRUE(fixed.deserialize_into(compressed.serialize(value), b).ok());
  EXPECT_EQ(a, value);
  EXPECT_EQ(b, value);
}

// Decodes `bytes` as an Exact and returns the error; fails the test if it decodes.
kiln::Error error_of(const kiln::Codec& codec, const Bytes& bytes) {
  Exact out{};
  kiln::Status s = codec.deserialize_into(bytes, out);
  EXPECT_FALSE(s.ok()) << kiln::test::hex(bytes);
  return s.error();
}

TEST(DeserializeExact, MalformedMessagesGetTheirErrors) {
  for (bool fingerprint : {true, false}) {
    kiln::Codec codec({.fingerprint = fingerprint});
    const Bytes good = codec.serialize(kExact);
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

TEST(DeserializeExact, AnotherTypesFingerprintIsRejected) {
  kiln::Codec codec;
  Bytes bytes = codec.serialize(kExact);
  bytes[3] ^= 0xff;
  kiln::Error e = error_of(codec, bytes);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(e.offset, 3u);
}

// Without a header the reader's options say how the body is written; a body of the wrong size
// is still refused.
TEST(DeserializeExact, HeaderlessBodyOfTheWrongSize) {
  kiln::Codec codec({.header = false});
  Bytes body = codec.serialize(kExact);
  ASSERT_EQ(body.size(), 1 + 2 * (4 + 2) + 2 + 8u);
  body.push_back(1);
  EXPECT_EQ(error_of(codec, body).code, ErrorCode::kTrailingBytes);
  body.resize(body.size() - 2);
  EXPECT_EQ(error_of(codec, body).code, ErrorCode::kTruncated);
}

}  // namespace
