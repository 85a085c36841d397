// Header validation and the error reporting API: codes, offsets and messages.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <new>
#include <set>
#include <string>
#include <vector>

#include "test_util.hpp"

namespace {

using kiln::Error;
using kiln::ErrorCode;
using kiln::test::Bytes;
using kiln::test::decode_error;

struct Point {
  std::int32_t x;
  std::int32_t y;
  bool operator==(const Point&) const = default;
};

struct Line {
  Point from;
  Point to;
  std::string label;
};

std::string hex32(std::uint32_t v) {
  char buf[11];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

Bytes point_message(bool compress = false) {
  return kiln::Codec({.compress_numbers = compress}).serialize(Point{3, 4}).value();
}

TEST(Header, EmptyInputIsTruncatedAtZero) {
  Error e = decode_error<Point>(Bytes{});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 0u);
}

TEST(Header, ShortHeaderIsTruncated) {
  Bytes m = point_message();
  for (std::size_t n = 1; n < kiln::detail::wire::kHeaderBytes; ++n) {
    Error e = decode_error<Point>(std::span(m.data(), n));
    EXPECT_EQ(e.code, ErrorCode::kTruncated) << n;
    EXPECT_EQ(e.offset, 0u) << n;
  }
}

TEST(Header, BadMagic) {
  for (std::uint8_t magic : {0x00, 0x4A, 0x6B, 0xFF}) {
    Bytes m = point_message();
    m[0] = magic;
    Error e = decode_error<Point>(m);
    EXPECT_EQ(e.code, ErrorCode::kBadMagic) << int{magic};
    EXPECT_EQ(e.offset, 0u);
  }
}

TEST(Header, BadVersion) {
  for (std::uint8_t version : {0, 2, 255}) {
    Bytes m = point_message();
    m[1] = version;
    Error e = decode_error<Point>(m);
    EXPECT_EQ(e.code, ErrorCode::kBadVersion) << int{version};
    EXPECT_EQ(e.offset, 1u);
    EXPECT_NE(e.detail.find(std::to_string(version)), std::string::npos) << e.detail;
  }
}

TEST(Header, UnknownFlagBits) {
  // Bits 5-7 must be 0. (Bit 2, compatible mode, is covered by evolution_test.cpp; bit 4 by
  // the NoFingerprint tests.)
  for (std::uint8_t flags : {0x20, 0x21, 0x40, 0x80, 0xF0, 0xFE}) {
    Bytes m = point_message();
    m[2] = flags;
    Error e = decode_error<Point>(m);
    EXPECT_EQ(e.code, ErrorCode::kBadFlags) << int{flags};
    EXPECT_EQ(e.offset, 2u);
  }
  // Bit 0 switches the payload to compressed numbers; bit 1 (reference tracking) changes nothing
  // for a type without shared values.
  Bytes m = point_message(true);
  EXPECT_EQ(m[2], 0x01);
  EXPECT_EQ(decode_error<Point>(m).code, ErrorCode::kOk);
  // Bit 1 (reference tracking) is read by any type; one without pointers simply has no references.
  m[2] = 0x03;
  EXPECT_EQ(decode_error<Point>(m).code, ErrorCode::kOk);
}

TEST(Header, ChecksRunInHeaderOrder) {
  // Magic is checked before version, version before flags, flags before the fingerprint.
  Bytes m = point_message();
  m[0] = 0;
  m[1] = 9;
  m[2] = 0x80;
  m[3] ^= 0xFF;
  EXPECT_EQ(decode_error<Point>(m).code, ErrorCode::kBadMagic);
  m[0] = kiln::detail::wire::kMagic;
  EXPECT_EQ(decode_error<Point>(m).code, ErrorCode::kBadVersion);
  m[1] = kiln::detail::wire::kVersion;
  EXPECT_EQ(decode_error<Point>(m).code, ErrorCode::kBadFlags);
  m[2] = 0;
  EXPECT_EQ(decode_error<Point>(m).code, ErrorCode::kSchemaMismatch);
}

TEST(Header, SchemaMismatch) {
  Bytes m = point_message();
  Error e = decode_error<Line>(m);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(e.offset, 3u);
  const std::string message = e.message();
  const std::string written = hex32(kiln::fingerprint_of<Point>());
  const std::string expected = hex32(kiln::fingerprint_of<Line>());
  EXPECT_NE(message.find(written), std::string::npos) << message;
  EXPECT_NE(message.find(expected), std::string::npos) << message;
  EXPECT_NE(message.find(std::string(kiln::detail::reflect::type_name<Line>)), std::string::npos)
      << message;
  EXPECT_NE(message.find("Line"), std::string::npos) << message;
  EXPECT_LT(message.find(written), message.find(expected)) << "message's fingerprint first";
}

TEST(Header, SchemaMismatchBetweenStandardTypes) {
  Bytes m = kiln::Codec().serialize(std::vector<std::int32_t>{1, 2}).value();
  Error e = decode_error<std::vector<std::uint32_t>>(m);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(e.offset, 3u);
  EXPECT_EQ(decode_error<std::set<std::int32_t>>(m).code, ErrorCode::kSchemaMismatch);
  // A corrupted fingerprint byte is a mismatch too.
  m[6] ^= 0x01;
  EXPECT_EQ(decode_error<std::vector<std::int32_t>>(m).code, ErrorCode::kSchemaMismatch);
}

Bytes without_fingerprint(const Bytes& m) {
  Bytes out(m.begin(), m.begin() + 3);
  out[2] |= kiln::detail::wire::kFlagNoFingerprint;
  out.insert(out.end(), m.begin() + kiln::detail::wire::kHeaderBytes, m.end());
  return out;
}

TEST(NoFingerprint, HeaderIsThreeBytesAndTheBodyIsUnchanged) {
  for (bool compress : {false, true}) {
    const kiln::Codec codec({.compress_numbers = compress, .fingerprint = false});
    Bytes m = codec.serialize(Point{3, -4}).value();
    EXPECT_EQ(m, without_fingerprint(
                     kiln::Codec({.compress_numbers = compress}).serialize(Point{3, -4}).value()));
    EXPECT_EQ(m[2], (compress ? 0x11 : 0x10));
    EXPECT_EQ(m.size(), compress ? 5u : 11u);
    // Any reader takes it, whatever its own options say.
    for (bool reader_fingerprint : {false, true}) {
      auto back = kiln::Codec({.fingerprint = reader_fingerprint}).deserialize<Point>(m);
      ASSERT_TRUE(back.ok()) << back.error().message();
      EXPECT_EQ(*back, (Point{3, -4}));
    }
  }
}

TEST(NoFingerprint, EmptyBodyGivesJustTheHeader) {
  struct Empty {
    bool operator==(const Empty&) const = default;
  };
  Bytes m = kiln::Codec({.fingerprint = false}).serialize(Empty{}).value();
  EXPECT_EQ(m, (Bytes{kiln::detail::wire::kMagic, kiln::detail::wire::kVersion, 0x10}));
  EXPECT_TRUE(kiln::Codec().deserialize<Empty>(m).ok());
  // Appended to bytes already in the buffer, the header still ends the output.
  Bytes out{1, 2};
  ASSERT_TRUE(kiln::Codec({.fingerprint = false}).serialize_into(Empty{}, out).ok());
  EXPECT_EQ(out, (Bytes{1, 2, kiln::detail::wire::kMagic, kiln::detail::wire::kVersion, 0x10}));
}

TEST(NoFingerprint, NothingChecksTheTypeBeyondTheBytes) {
  // Without the fingerprint a message reads as any type its bytes fit: Point's 8 bytes are a
  // valid int64. That is the trade the option makes; the default keeps the check.
  Bytes m = kiln::Codec({.fingerprint = false}).serialize(Point{1, 0}).value();
  auto as_int = kiln::Codec().deserialize<std::int64_t>(m);
  ASSERT_TRUE(as_int.ok()) << as_int.error().message();
  EXPECT_EQ(*as_int, 1);
  EXPECT_EQ(decode_error<std::int64_t>(point_message()).code, ErrorCode::kSchemaMismatch);
  // Bytes that do not fit still fail, at the offset in the shorter message.
  Error e = decode_error<Line>(m);
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 11u);
}

TEST(NoFingerprint, TruncationsAndFlagOrder) {
  Bytes m = kiln::Codec({.fingerprint = false}).serialize(Point{3, 4}).value();
  for (std::size_t n = 0; n < m.size(); ++n) {
    Error e = decode_error<Point>(std::span(m.data(), n));
    EXPECT_EQ(e.code, ErrorCode::kTruncated) << n;
    EXPECT_EQ(e.offset, n < 3 ? 0u : 3u) << n;
  }
  // The magic, version and flags checks still come first.
  Bytes bad = m;
  bad[0] = 0;
  EXPECT_EQ(decode_error<Point>(bad).code, ErrorCode::kBadMagic);
  bad = m;
  bad[1] = 2;
  EXPECT_EQ(decode_error<Point>(bad).code, ErrorCode::kBadVersion);
  bad = m;
  bad[2] |= 0x40;
  EXPECT_EQ(decode_error<Point>(bad).code, ErrorCode::kBadFlags);
  // Clearing the bit makes the body's first 4 bytes the fingerprint: a mismatch at byte 3.
  bad = m;
  bad[2] &= static_cast<std::uint8_t>(~kiln::detail::wire::kFlagNoFingerprint);
  Error e = decode_error<Point>(bad);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch);
  EXPECT_EQ(e.offset, 3u);
}

TEST(Header, TypeNames) {
  EXPECT_EQ(kiln::detail::reflect::type_name<int>, "int");
  EXPECT_NE(std::string(kiln::detail::reflect::type_name<Line>).find("Line"), std::string::npos);
  EXPECT_EQ(std::string(kiln::detail::reflect::type_name<Line>).find("Point"), std::string::npos);
}

TEST(Payload, TrailingBytes) {
  for (std::size_t extra : {1u, 2u, 100u}) {
    Bytes m = point_message();
    const std::size_t end = m.size();
    m.resize(end + extra, 0);
    Error e = decode_error<Point>(m);
    EXPECT_EQ(e.code, ErrorCode::kTrailingBytes) << extra;
    EXPECT_EQ(e.offset, end) << extra;
    EXPECT_NE(e.detail.find(std::to_string(extra)), std::string::npos) << e.detail;
  }
  // Also after a variable-length root.
  Bytes m = kiln::Codec({.compress_numbers = true}).serialize(std::string("abc")).value();
  m.push_back('d');
  Error e = decode_error<std::string>(m);
  EXPECT_EQ(e.code, ErrorCode::kTrailingBytes);
  EXPECT_EQ(e.offset, 11u);
}

TEST(Payload, TruncatedPayload) {
  Bytes m = point_message();
  m.pop_back();
  Error e = decode_error<Point>(m);
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
  // Header only, no payload.
  e = decode_error<Point>(std::span(m.data(), kiln::detail::wire::kHeaderBytes));
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
}

TEST(ErrorApi, MessageFormat) {
  Bytes m = point_message();
  m[1] = 2;
  Error e = decode_error<Point>(m);
  ASSERT_FALSE(e.detail.empty());
  EXPECT_EQ(e.message(), std::string(kiln::error_code_name(e.code)) + " at byte 1: " + e.detail);
  EXPECT_EQ(e.message().rfind("unsupported format version at byte 1: ", 0), 0u) << e.message();

  Error manual{ErrorCode::kTruncated, 42, "string length needs 1 bytes, 0 left"};
  EXPECT_EQ(manual.message(), "truncated input at byte 42: string length needs 1 bytes, 0 left");
  Error bare{ErrorCode::kDuplicateKey, 9, ""};
  EXPECT_EQ(bare.message(), "duplicate key at byte 9");
}

TEST(ErrorApi, EveryCodeHasADistinctName) {
  std::set<std::string> names;
  const int last = static_cast<int>(ErrorCode::kCycle);
  for (int c = 0; c <= last; ++c) {
    std::string name = kiln::error_code_name(static_cast<ErrorCode>(c));
    EXPECT_FALSE(name.empty()) << c;
    EXPECT_NE(name, "unknown error") << c;
    EXPECT_TRUE(names.insert(name).second) << "duplicate name " << name;
  }
  EXPECT_STREQ(kiln::error_code_name(ErrorCode::kOk), "ok");
  EXPECT_STREQ(kiln::error_code_name(static_cast<ErrorCode>(last + 1)), "unknown error");
}

TEST(ErrorApi, ResultAndStatus) {
  kiln::Codec codec;
  kiln::Result<Point> good = codec.deserialize<Point>(point_message());
  ASSERT_TRUE(good.ok());
  EXPECT_TRUE(static_cast<bool>(good));
  EXPECT_EQ(good->x, 3);
  EXPECT_EQ((*good).y, 4);

  kiln::Result<Point> bad = codec.deserialize<Point>(Bytes{0x4B});
  EXPECT_FALSE(bad.ok());
  EXPECT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(bad.error().code, ErrorCode::kTruncated);

  kiln::Status ok;
  EXPECT_TRUE(ok.ok());
  EXPECT_EQ(ok.error().code, ErrorCode::kOk);
  Point out{};
  kiln::Status s = codec.deserialize_into(Bytes{}, out);
  EXPECT_FALSE(s);
  EXPECT_EQ(s.error().code, ErrorCode::kTruncated);
}

// Status owns its error through one pointer (result.hpp): copies are deep, moves leave the source
// ok, and assignment replaces what was there.
TEST(ErrorApi, StatusCopiesAndMovesItsError) {
  Point out{};
  kiln::Status bad = kiln::Codec().deserialize_into(Bytes{0x4B}, out);
  ASSERT_FALSE(bad.ok());
  const std::string text = bad.error().message();

  kiln::Status copy = bad;
  EXPECT_FALSE(copy.ok());
  EXPECT_EQ(copy.error().message(), text);
  EXPECT_NE(&copy.error(), &bad.error());

  kiln::Status moved = std::move(copy);
  EXPECT_FALSE(moved.ok());
  EXPECT_EQ(moved.error().message(), text);
  EXPECT_TRUE(copy.ok());  // NOLINT(bugprone-use-after-move): a moved-from Status is ok
  EXPECT_EQ(copy.error().code, ErrorCode::kOk);

  kiln::Status assigned;
  assigned = moved;
  EXPECT_EQ(assigned.error().message(), text);
  assigned = kiln::Status();
  EXPECT_TRUE(assigned.ok());
  assigned = std::move(moved);
  EXPECT_EQ(assigned.error().message(), text);
  const kiln::Status& same = assigned;
  assigned = same;  // self-assignment keeps the error
  EXPECT_EQ(assigned.error().message(), text);
}

// Counts live instances, to see that a Result built in place destroys its value exactly once
// whether the fill succeeds, fails or throws.
struct Counted {
  static inline int live = 0;
  int v = 7;
  Counted() { ++live; }
  Counted(const Counted& o) : v(o.v) { ++live; }
  ~Counted() { --live; }
};

TEST(ErrorApi, ResultBuiltInPlace) {
  {
    kiln::Result<Counted> r(kiln::detail::ValueInit{}, [](Counted& c) -> kiln::Status {
      EXPECT_EQ(c.v, 7);  // constructed before the fill runs
      c.v = 42;
      return {};
    });
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->v, 42);
    EXPECT_EQ(Counted::live, 1);
  }
  EXPECT_EQ(Counted::live, 0);
  {
    kiln::Result<Counted> r(kiln::detail::ValueInit{}, [](Counted&) -> kiln::Status {
      return kiln::Error{ErrorCode::kTruncated, 5, "cut"};
    });
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::kTruncated);
    EXPECT_EQ(r.error().offset, 5u);
    EXPECT_EQ(Counted::live, 0);  // a failed fill leaves no value behind
  }
  EXPECT_EQ(Counted::live, 0);
#if !defined(__EMSCRIPTEN__)  // the wasm build does not catch exceptions
  EXPECT_THROW(
      {
        kiln::Result<Counted> r(kiln::detail::ValueInit{},
                                [](Counted&) -> kiln::Status { throw std::bad_alloc(); });
      },
      std::bad_alloc);
  EXPECT_EQ(Counted::live, 0);
#endif
  kiln::Result<int> zero(kiln::detail::ValueInit{}, [](int&) { return kiln::Status(); });
  EXPECT_EQ(*zero, 0);
  kiln::Result<int> set(kiln::detail::DefaultInit{}, [](int& i) {
    i = -1;
    return kiln::Status();
  });
  EXPECT_EQ(*set, -1);
}

TEST(ErrorApi, CodecIsReusableAfterAnError) {
  kiln::Codec codec;
  Bytes bad = point_message();
  bad[0] = 0;
  EXPECT_FALSE(codec.deserialize<Point>(bad).ok());
  auto r = codec.deserialize<Point>(point_message());
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(*r, (Point{3, 4}));
}

}  // namespace
