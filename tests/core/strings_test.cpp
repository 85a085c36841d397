// Strings: varint byte length + UTF-8 bytes; validation of untrusted UTF-8; length bounds.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "kiln/detail/wire/utf8.hpp"
#include "test_util.hpp"

namespace {

using kiln::ErrorCode;
using kiln::test::body_error;
using kiln::test::Bytes;
using kiln::test::payload;
using kiln::test::round_trips;

Bytes bytes_of(std::string_view s) {
  return Bytes(s.begin(), s.end());
}

// A string message body: varint length, then the raw bytes.
Bytes string_body(const Bytes& raw) {
  Bytes body;
  kiln::detail::io::Writer w(body);
  w.write_varint(raw.size());
  w.write_bytes(raw.data(), raw.size());
  w.finish();
  return body;
}

TEST(Strings, EmptyString) {
  EXPECT_TRUE(round_trips(std::string()));
  EXPECT_EQ(payload(std::string()), Bytes{0x00});
  EXPECT_EQ(payload(std::string(), true), Bytes{0x00});
}

TEST(Strings, AsciiBytes) {
  EXPECT_TRUE(round_trips(std::string("abc")));
  EXPECT_EQ(payload(std::string("abc")), (Bytes{0x03, 'a', 'b', 'c'}));
  // Number compression does not change strings.
  EXPECT_EQ(payload(std::string("abc"), true), payload(std::string("abc"), false));
}

TEST(Strings, LongString) {
  std::string s(100 * 1024, '\0');
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<char>('a' + i % 26);
  EXPECT_TRUE(round_trips(s));
  Bytes p = payload(s);
  ASSERT_EQ(p.size(), 3 + s.size());
  // 102400 = 0x19000 -> varint 80 a0 06
  EXPECT_EQ(p[0], 0x80);
  EXPECT_EQ(p[1], 0xa0);
  EXPECT_EQ(p[2], 0x06);
  EXPECT_TRUE(std::equal(s.begin(), s.end(), p.begin() + 3,
                         [](char c, std::uint8_t b) { return static_cast<std::uint8_t>(c) == b; }));
}

TEST(Strings, LengthPrefixCrossesVarintBoundary) {
  for (std::size_t n : {127u, 128u, 16383u, 16384u}) {
    std::string s(n, 'x');
    EXPECT_TRUE(round_trips(s)) << n;
    EXPECT_EQ(payload(s).size(), kiln::detail::io::varint_size(n) + n) << n;
  }
}

TEST(Strings, MultiByteUtf8) {
  const std::string samples[] = {
      "h\xC3\xA9llo",                      // héllo: 2-byte sequence
      "\xE6\x97\xA5\xE6\x9C\xAC",          // 日本: 3-byte sequences
      "\xF0\x9F\x98\x80 ok",               // U+1F600: 4-byte sequence
      "\xC2\x80\xDF\xBF",                  // U+0080, U+07FF
      "\xE0\xA0\x80\xED\x9F\xBF",          // U+0800, U+D7FF (just below the surrogates)
      "\xEE\x80\x80\xEF\xBF\xBF",          // U+E000, U+FFFF
      "\xF0\x90\x80\x80\xF4\x8F\xBF\xBF",  // U+10000, U+10FFFF
      "0123456789abcdef\xC3\xA9",          // past the eight-byte ASCII fast path
  };
  for (const std::string& s : samples) {
    EXPECT_TRUE(round_trips(s)) << s;
    EXPECT_EQ(payload(s), string_body(bytes_of(s)));
  }
  EXPECT_EQ(payload(std::string("h\xC3\xA9llo")), (Bytes{0x06, 'h', 0xC3, 0xA9, 'l', 'l', 'o'}));
}

TEST(Strings, EmbeddedNul) {
  std::string s("a\0b\0", 4);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_TRUE(round_trips(s));
  EXPECT_EQ(payload(s), (Bytes{0x04, 'a', 0x00, 'b', 0x00}));
  auto r = kiln::Codec().deserialize<std::string>(kiln::Codec().serialize(s).value());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->size(), 4u);
}

TEST(Strings, StringViewWritesTheSameBytesAsString) {
  const std::string s = "view \xE6\x97\xA5 of a string";
  for (bool compress : {false, true}) {
    kiln::Codec codec({.compress_numbers = compress});
    Bytes from_view = codec.serialize(std::string_view(s)).value();
    EXPECT_EQ(from_view, codec.serialize(s).value());
    auto back = codec.deserialize<std::string>(from_view);
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_EQ(*back, s);
  }
  EXPECT_EQ(kiln::fingerprint_of<std::string_view>(), kiln::fingerprint_of<std::string>());
  EXPECT_EQ(kiln::Codec().serialize(std::string_view()).value(),
            kiln::Codec().serialize(std::string()).value());
}

struct BadUtf8Case {
  const char* name;
  Bytes bytes;
  std::size_t bad_at;  // offset of the invalid sequence within the string bytes
};

std::vector<BadUtf8Case> bad_utf8_cases() {
  return {
      {"overlong NUL C0 80", {0xC0, 0x80}, 0},
      {"overlong C1 BF", {0xC1, 0xBF}, 0},
      {"overlong 3-byte E0 80 80", {0xE0, 0x80, 0x80}, 0},
      {"overlong 4-byte F0 80 80 80", {0xF0, 0x80, 0x80, 0x80}, 0},
      {"lone high surrogate ED A0 80", {0xED, 0xA0, 0x80}, 0},
      {"lone low surrogate ED BF BF", {0xED, 0xBF, 0xBF}, 0},
      {"F5 lead byte", {0xF5, 0x80, 0x80, 0x80}, 0},
      {"above U+10FFFF F4 90 80 80", {0xF4, 0x90, 0x80, 0x80}, 0},
      {"FF", {0xFF}, 0},
      {"lone continuation", {'a', 0x80}, 1},
      {"truncated 2-byte at end", {'a', 'b', 0xC3}, 2},
      {"truncated 3-byte at end", {0xE6, 0x97}, 0},
      {"truncated 4-byte at end", {'x', 0xF0, 0x9F, 0x98}, 1},
      {"bad continuation", {0xE6, 0x97, 'A'}, 0},
      {"after valid multibyte", {0xC3, 0xA9, 0xE6, 0x97, 0xA5, 0xC0, 0x80}, 5},
      {"after ASCII fast path",
       {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 0xED, 0xA0, 0x80},
       10},
      {"inside an eight-byte window", {'a', 'b', 'c', 'd', 0xFF, 'e', 'f', 'g', 'h'}, 4},
  };
}

TEST(Strings, Utf8ValidPrefix) {
  for (const auto& c : bad_utf8_cases())
    EXPECT_EQ(kiln::detail::wire::utf8_valid_prefix(c.bytes.data(), c.bytes.size()), c.bad_at)
        << c.name;
  Bytes good = bytes_of("abc\xF0\x9F\x98\x80\xE6\x97\xA5");
  EXPECT_EQ(kiln::detail::wire::utf8_valid_prefix(good.data(), good.size()), good.size());
  EXPECT_EQ(kiln::detail::wire::utf8_valid_prefix(nullptr, 0), 0u);
}

// The inline ASCII check reads overlapping words (1-3, 4-7 and 8+ byte strings each their own
// way): a high byte at any position of any length must reach the full validator, and a valid
// two-byte sequence anywhere must pass.
TEST(Strings, Utf8FastPathSeesEveryPosition) {
  for (std::size_t n = 1; n <= 40; ++n) {
    for (std::size_t i = 0; i < n; ++i) {
      Bytes s(n, 'a');
      s[i] = 0x80;  // a continuation byte with no lead
      EXPECT_EQ(kiln::detail::wire::utf8_valid_prefix(s.data(), n), i) << n << " " << i;
      if (i + 1 < n) {
        s[i] = 0xC3;
        s[i + 1] = 0xA9;  // U+00E9
        EXPECT_EQ(kiln::detail::wire::utf8_valid_prefix(s.data(), n), n) << n << " " << i;
      }
    }
    Bytes ascii(n, 'z');
    EXPECT_EQ(kiln::detail::wire::utf8_valid_prefix(ascii.data(), n), n) << n;
  }
}

TEST(Strings, InvalidUtf8RejectedAtItsOffset) {
  for (bool compress : {false, true}) {
    for (const auto& c : bad_utf8_cases()) {
      kiln::Error e = body_error<std::string>(string_body(c.bytes), compress);
      EXPECT_EQ(e.code, ErrorCode::kBadUtf8) << c.name;
      // header (7) + one-byte length prefix + offset within the string
      EXPECT_EQ(e.offset, 7u + 1u + c.bad_at) << c.name;
    }
  }
}

TEST(Strings, InvalidUtf8InsideAContainer) {
  // vector<string>{"ok", <C0 80>}: count at 7, "ok" at 8..10, second length at 11, bad byte at 12.
  Bytes body{0x02, 0x02, 'o', 'k', 0x02, 0xC0, 0x80};
  kiln::Error e = body_error<std::vector<std::string>>(body);
  EXPECT_EQ(e.code, ErrorCode::kBadUtf8);
  EXPECT_EQ(e.offset, 12u);
}

TEST(Strings, InvalidUtf8AcceptedWithoutValidation) {
  kiln::Options options;
  options.validate_utf8 = false;
  for (const auto& c : bad_utf8_cases()) {
    Bytes message = kiln::test::message_for<std::string>(string_body(c.bytes));
    auto r = kiln::Codec(options).deserialize<std::string>(message);
    ASSERT_TRUE(r.ok()) << c.name << ": " << r.error().message();
    EXPECT_EQ(bytes_of(*r), c.bytes) << c.name;
  }
}

struct Labelled {
  std::uint32_t id;
  std::string label;
  bool operator==(const Labelled&) const = default;
};
struct Tagged {
  std::string name;
  std::map<std::string, std::int32_t> tags;
  std::vector<std::string> notes;
};

// Writers and readers learn that a string is ASCII from the words they copy it with
// (io::copy_ascii): a high byte at any position of any length, copied into a reused string, a
// fresh one or the output, must still reach the full validator.
TEST(Strings, CopyCheckSeesEveryPosition) {
  kiln::Codec codec;
  for (std::size_t n = 1; n <= 40; ++n) {
    for (std::size_t i = 0; i < n; ++i) {
      std::string bad(n, 'a');
      bad[i] = '\x80';
      for (const kiln::Error& e :
           {codec.serialize(bad).error(), codec.serialize_view(Labelled{1, bad}).error()})
        EXPECT_EQ(e.code, ErrorCode::kBadUtf8) << n << " " << i;
      Bytes message = kiln::test::message_for<std::string>(string_body(bytes_of(bad)));
      std::string reused(48, 'r');
      kiln::Status st = codec.deserialize_into(message, reused);
      EXPECT_EQ(st.error().code, ErrorCode::kBadUtf8) << n << " " << i;
      EXPECT_EQ(st.error().offset, 7u + 1u + i) << n << " " << i;
      EXPECT_EQ(codec.deserialize<std::string>(message).error().offset, 7u + 1u + i);
      if (i + 1 < n) {
        std::string good(n, 'a');
        good[i] = '\xC3';
        good[i + 1] = '\xA9';  // U+00E9
        EXPECT_TRUE(round_trips(good)) << n << " " << i;
        EXPECT_TRUE(round_trips(Labelled{1, good})) << n << " " << i;
        ASSERT_TRUE(codec.deserialize_into(codec.serialize(good).value(), reused).has_value());
        EXPECT_EQ(reused, good);
      }
    }
  }
}

// The writer refuses what its reader would reject: a string that is not UTF-8 is kBadUtf8 with
// its index, wherever it sits and whichever way the message is written.
TEST(Strings, WriterRefusesInvalidUtf8) {
  const std::string bad("ok\xC0\x80", 4);  // an overlong NUL at index 2
  auto refused = [](const kiln::Error& e) {
    EXPECT_EQ(e.code, ErrorCode::kBadUtf8);
    EXPECT_NE(
        e.detail.find("a string of 4 bytes is not valid UTF-8 (first invalid byte at index 2)"),
        std::string::npos)
        << e.detail;
  };
  for (bool compress : {false, true}) {
    for (bool share : {false, true}) {
      for (bool compatible : {false, true}) {
        kiln::Codec codec(kiln::Options{
            .compress_numbers = compress, .share_strings = share, .compatible = compatible});
        refused(codec.serialize(bad).error());
        refused(codec.serialize(Labelled{7, bad}).error());
        refused(codec.serialize_view(Labelled{7, bad}).error());  // the direct write path
        refused(codec.serialize(Tagged{"n", {{"a", 1}, {bad, 2}}, {}}).error());
        refused(codec.serialize(Tagged{"n", {}, {"x", bad}}).error());
        refused(codec.serialize(Tagged{"n", {}, {"x", "x", bad, bad}}).error());  // repeats
        std::vector<std::uint8_t> out{1, 2, 3};
        refused(codec.serialize_into(std::vector<std::string>{"x", bad}, out).error());
        EXPECT_EQ(out, (std::vector<std::uint8_t>{1, 2, 3}));  // left as it was
        // The codec still writes good values after a refusal.
        EXPECT_TRUE(codec.serialize(Labelled{7, "fine \xC3\xA9"}).has_value());
      }
    }
  }
}

// With validate_utf8 off, both sides pass the bytes through: the program vouches for them.
TEST(Strings, InvalidUtf8WrittenAndReadWithoutValidation) {
  std::string bad("\xC0\x80", 2);
  kiln::Options lax;
  lax.validate_utf8 = false;
  EXPECT_TRUE(round_trips(bad, lax));
  EXPECT_TRUE(round_trips(Labelled{1, bad}, lax));
  kiln::Options lax_shared = lax;
  lax_shared.share_strings = true;  // a repeat is written by index
  EXPECT_TRUE(round_trips(std::vector<std::string>{bad, "x", bad}, lax_shared));
  Bytes message = kiln::Codec(lax).serialize(bad).value();
  EXPECT_EQ(kiln::test::decode_error<std::string>(message).code, ErrorCode::kBadUtf8);
}

TEST(Strings, LengthLargerThanInput) {
  // Claims 5 bytes, 2 follow.
  kiln::Error e = body_error<std::string>({0x05, 'a', 'b'});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
  // Claims 2^35 bytes: over the 1 GiB limit.
  e = body_error<std::string>({0x80, 0x80, 0x80, 0x80, 0x80, 0x01, 'a'});
  EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(e.offset, 7u);
  // Second string of a pair overruns: its prefix is at 7 + 2.
  e = body_error<std::pair<std::string, std::string>>({0x01, 'a', 0x03, 'b'});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 9u);
}

TEST(Strings, LengthOverConfiguredLimit) {
  kiln::Options options;
  options.limits.max_string_bytes = 4;
  EXPECT_TRUE(round_trips(std::string("abcd"), options));
  Bytes message = kiln::Codec(options).serialize(std::string("abcde")).value();
  kiln::Error e = kiln::test::decode_error<std::string>(message, options);
  EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(e.offset, 7u);
}

TEST(Strings, MissingOrOverlongLengthPrefix) {
  kiln::Error e = body_error<std::string>({});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
  e = body_error<std::string>({0x80});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
  Bytes eleven(10, 0x80);
  eleven.push_back(0x00);
  e = body_error<std::string>(eleven);
  EXPECT_EQ(e.code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(e.offset, 7u);
}

}  // namespace
