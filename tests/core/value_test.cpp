// kiln::Value: round trips of every kind, the golden vectors shared with the JS encoder,
// references and cycles, and hostile input (docs/FORMAT.md section 9).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>

#include "golden.hpp"
#include "test_util.hpp"
#include "value_cases.hpp"

namespace {

using kiln::BigInt;
using kiln::Codec;
using kiln::Date;
using kiln::Error;
using kiln::ErrorCode;
using kiln::Hole;
using kiln::TypedKind;
using kiln::Undefined;
using kiln::Value;
using kiln::test::Bytes;
using kiln::test::hex;

// A generic-value message: header (fingerprint 0x3b6a7060) followed by body. Built with memcpy:
// g++ 12 reports a false -Warray-bounds for vector::insert after a 7-byte initializer.
Bytes message(const Bytes& body, std::uint8_t flags = 0) {
  const std::uint8_t header[7] = {0x4b, 0x01, flags, 0x60, 0x70, 0x6a, 0x3b};
  Bytes m(7 + body.size());
  std::memcpy(m.data(), header, 7);
  if (!body.empty()) std::memcpy(m.data() + 7, body.data(), body.size());
  return m;
}
Error decode_error(const Bytes& m, kiln::Options options = {}) {
  return kiln::test::decode_error<Value>(m, options);
}

Value round_trip(const Value& v, bool track = false) {
  Codec codec({.track_references = track});
  auto back = codec.deserialize<Value>(codec.serialize(v).value());
  EXPECT_TRUE(back.ok()) << back.error().message();
  return back.ok() ? *back : Value(Undefined{});
}

TEST(Value, FingerprintIsTheValueToken) {
  EXPECT_EQ(kiln::fingerprint_of<Value>(), 0x3b6a7060u);
  EXPECT_EQ(Codec().serialize(Value()).value(), message({0x00}));
}

TEST(Value, ScalarsRoundTrip) {
  const double nan = std::nan("");
  for (const Value& v :
       {Value(), Value(Undefined{}), Value(true), Value(false), Value(0), Value(127), Value(128),
        Value(-1), Value(std::numeric_limits<std::int64_t>::min()),
        Value(std::numeric_limits<std::int64_t>::max()), Value(1.5), Value(-0.0), Value(nan),
        Value(std::numeric_limits<double>::infinity()), Value(""), Value("h\xc3\xa9llo"),
        Value(std::string(300, 'x')), Value(Date{1.5e12}),
        Value(BigInt{true, {1, 2, 3, 4, 5, 6, 7, 8, 9}})}) {
    Value back = round_trip(v);
    EXPECT_TRUE(back == v) << hex(Codec().serialize(v).value());
    EXPECT_EQ(back.kind(), v.kind());
  }
}

TEST(Value, IntsAndFloatsStayApart) {
  EXPECT_EQ(round_trip(Value(2)).kind(), Value::Kind::kInt);
  EXPECT_EQ(round_trip(Value(2.0)).kind(), Value::Kind::kFloat);
  EXPECT_FALSE(Value(2) == Value(2.0));
  // -0.0 keeps its sign; NaN equals NaN.
  EXPECT_TRUE(std::signbit(*round_trip(Value(-0.0)).get_if<double>()));
  EXPECT_FALSE(Value(-0.0) == Value(0.0));
  // uint64 above INT64_MAX becomes a BigInt.
  Value big(std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(big.kind(), Value::Kind::kBigInt);
  EXPECT_EQ(big.get_if<BigInt>()->magnitude, Bytes(8, 0xff));
}

TEST(Value, BigIntsOfAnySizeStayBigInts) {
  // A BigInt is a bigint on the wire whatever its size, in canonical form.
  EXPECT_EQ(kiln::test::payload(Value(BigInt{false, {5}})), (Bytes{0x06, 0x02, 0x05}));
  EXPECT_EQ(kiln::test::payload(Value(BigInt{false, {}})), (Bytes{0x06, 0x00}));
  EXPECT_EQ(kiln::test::payload(Value(BigInt{true, {1}})), (Bytes{0x06, 0x03, 0x01}));
  EXPECT_EQ(kiln::test::payload(Value(BigInt{true, {0, 0}})), (Bytes{0x06, 0x00}));  // -0 is 0
  EXPECT_EQ(kiln::test::payload(Value(BigInt{false, {5, 0, 0}})), (Bytes{0x06, 0x02, 0x05}));
  for (const BigInt& b : {BigInt{false, {}}, BigInt{false, {5}}, BigInt{true, {1}},
                          BigInt{false, {0x7f}}, BigInt{true, {0, 0, 0, 0, 0, 0, 0, 0x80}}}) {
    Value back = round_trip(Value(b));
    ASSERT_EQ(back.kind(), Value::Kind::kBigInt);
    EXPECT_TRUE(back == Value(b));
  }
  EXPECT_TRUE(round_trip(Value(BigInt{true, {}})) == Value(BigInt{false, {0, 0}}));
  // BigInt 2 and Int 2 are different values and different keys, as 2n and 2 are in JS.
  EXPECT_FALSE(Value(BigInt{false, {2}}) == Value(2));
  Value set = Value::set({2, Value(BigInt{false, {2}})});
  Value back_set = round_trip(set);
  EXPECT_TRUE(back_set == set);
  EXPECT_EQ((*back_set.as_set())[0].kind(), Value::Kind::kInt);
  EXPECT_EQ((*back_set.as_set())[1].kind(), Value::Kind::kBigInt);
  Value map = Value::map({{Value(BigInt{false, {2}}), "big"}, {2, "int"}});
  EXPECT_TRUE(round_trip(map) == map);
}

TEST(Value, InvalidUtf8IsNotWritten) {
  // The writer refuses strings and keys its reader would reject.
  for (const Value& v : {Value(std::string("a\xff", 2)), Value(std::string(70, 'x') + "\xc0\x80"),
                         Value::array({1, std::string("\xed\xa0\x80")}),
                         Value::object({{std::string("k\xf8"), 1}})}) {
    auto r = Codec().serialize(v);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::kBadUtf8) << r.error().message();
  }
  EXPECT_TRUE(Codec().serialize(Value("h\xc3\xa9llo \xf0\x9f\x98\x80")).ok());
}

TEST(Value, SmallIntsAndShortStringsTakeOneTagByte) {
  EXPECT_EQ(kiln::test::payload(Value(5)), (Bytes{0x85}));
  EXPECT_EQ(kiln::test::payload(Value(128)), (Bytes{0x04, 0x80, 0x02}));
  EXPECT_EQ(kiln::test::payload(Value(-1)), (Bytes{0x04, 0x01}));
  EXPECT_EQ(kiln::test::payload(Value("ab")), (Bytes{0x42, 'a', 'b'}));
  Bytes long_string = kiln::test::payload(Value(std::string(64, 'q')));
  EXPECT_EQ(Bytes(long_string.begin(), long_string.begin() + 3), (Bytes{0x07, 64, 'q'}));
}

TEST(Value, ContainersRoundTrip) {
  Value v = Value::object(
      {{"list", Value::array({1, "two", 3.5, Value(), Hole{}, Value::array()})},
       {"map", Value::map({{1, "a"}, {"1", "b"}, {Value::array({1}), Value::set({1, 2})}})},
       {"bytes", Value::typed_array(TypedKind::kInt32, {1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff})},
       {"buffer", Value::array_buffer({9, 8, 7})},
       {"when", Value(Date{-1})}});
  Value back = round_trip(v);
  EXPECT_TRUE(back == v);
  EXPECT_EQ((*back.find("list")->as_array())[4].kind(), Value::Kind::kHole);
  EXPECT_EQ(back.find("bytes")->as_typed_array()->kind, TypedKind::kInt32);
  Value different = Value::object({{"list", 1}});
  EXPECT_FALSE(back == different);
}

struct Envelope {
  std::int32_t id;
  Value body;
  std::vector<Value> extra;
};

TEST(Value, IsAFieldOfATypedStruct) {
  Envelope e{7, Value::object({{"a", Value::array({1, 2})}}), {Value("x"), Value(2.5)}};
  for (bool compress : {false, true}) {
    Codec codec({.compress_numbers = compress});
    auto back = codec.deserialize<Envelope>(codec.serialize(e).value());
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_EQ(back->id, 7);
    EXPECT_TRUE(back->body == e.body);
    ASSERT_EQ(back->extra.size(), 2u);
    EXPECT_TRUE(back->extra[1] == Value(2.5));
  }
}

// ---- golden vectors, shared with the JS encoder (tests/js/value.test.mjs) ----

TEST(ValueGolden, EveryCaseHasAFile) {
  const auto& files = kiln::test::value_golden_vectors();
  for (const auto& c : kiln::workloads::value_cases()) EXPECT_TRUE(files.count(c.name)) << c.name;
  EXPECT_EQ(files.size(), kiln::workloads::value_cases().size());
}

TEST(ValueGolden, WrittenBytesEqualFiles) {
  for (const auto& c : kiln::workloads::value_cases()) {
    Codec codec({.track_references = c.track_references});
    EXPECT_EQ(codec.serialize(c.value).value(), kiln::test::value_golden_vectors().at(c.name))
        << c.name;
  }
}

TEST(ValueGolden, FilesDecodeToTheCaseValues) {
  for (const auto& c : kiln::workloads::value_cases()) {
    auto back = Codec().deserialize<Value>(kiln::test::value_golden_vectors().at(c.name));
    ASSERT_TRUE(back.ok()) << c.name << ": " << back.error().message();
    EXPECT_TRUE(*back == c.value) << c.name;
    // Re-encoding what was read gives the same bytes.
    Codec codec({.track_references = c.track_references});
    EXPECT_EQ(codec.serialize(*back).value(), kiln::test::value_golden_vectors().at(c.name))
        << c.name;
  }
}

TEST(ValueGolden, ForeignBytesSpelledOut) {
  // {a: 1, b: [1, 2.5, "x", Set{1, 2}]}, as kiln.serialize writes it in JS.
  Bytes js{0x4b, 0x01, 0x00, 0x60, 0x70, 0x6a, 0x3b, 0x0b, 0x02, 0x01, 'a',
           0x81, 0x01, 'b',  0x0a, 0x04, 0x81, 0x05, 0,    0,    0,    0,
           0,    0,    0x04, 0x40, 0x41, 'x',  0x0d, 0x02, 0x81, 0x82};
  Value expected =
      Value::object({{"a", 1}, {"b", Value::array({1, 2.5, "x", Value::set({1, 2})})}});
  auto back = Codec().deserialize<Value>(js);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_TRUE(*back == expected);
  EXPECT_EQ(Codec().serialize(expected).value(), js);
}

TEST(ValueGolden, EveryTruncationIsRejected) {
  for (const auto& [name, full] : kiln::test::value_golden_vectors()) {
    for (std::size_t n = 0; n < full.size(); ++n) {
      Error e = decode_error(Bytes(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n)));
      ASSERT_NE(e.code, ErrorCode::kOk) << name << " truncated to " << n;
      EXPECT_LE(e.offset, n) << name << " at " << n;
    }
  }
}

TEST(ValueGolden, EveryBitFlipIsRejectedOrDecodes) {
  // Flipped bytes either decode to some value (which then re-encodes and decodes again to an
  // equal value) or fail with an error inside the message; never a crash or a hang.
  std::size_t rejected = 0, accepted = 0;
  for (const auto& [name, full] : kiln::test::value_golden_vectors()) {
    for (std::size_t i = 0; i < full.size(); ++i) {
      for (int bit = 0; bit < 8; ++bit) {
        Bytes m = full;
        m[i] ^= static_cast<std::uint8_t>(1u << bit);
        auto back = Codec().deserialize<Value>(m);
        if (!back.ok()) {
          ++rejected;
          EXPECT_LE(back.error().offset, m.size()) << name << " byte " << i << " bit " << bit;
          continue;
        }
        ++accepted;
        Codec again({.track_references = (m[2] & 2) != 0});
        auto twice = Codec().deserialize<Value>(again.serialize(*back).value());
        ASSERT_TRUE(twice.ok()) << name << " byte " << i << " bit " << bit;
        EXPECT_TRUE(*twice == *back) << name << " byte " << i << " bit " << bit;
      }
    }
  }
  EXPECT_GT(rejected, 0u);
  EXPECT_GT(accepted, 0u);
}

// ---- references and cycles ----

TEST(ValueReferences, SharedContainersKeepTheirIdentity) {
  Value shared = Value::array({1, 2});
  Value v = Value::array({shared, shared, Value::array({1, 2})});
  Value back = round_trip(v, true);
  const auto& a = *back.as_array();
  EXPECT_EQ(a[0].as_array(), a[1].as_array());  // one container, twice
  EXPECT_NE(a[0].as_array(), a[2].as_array());  // an equal but distinct one
  EXPECT_FALSE(a[1].is_link());                 // finished before the reference: held strongly
  // Without tracking the shared array is written twice and comes back as two copies.
  Value copies = round_trip(v, false);
  EXPECT_NE(copies.as_array()->at(0).as_array(), copies.as_array()->at(1).as_array());
  EXPECT_TRUE(copies == v);
  EXPECT_GT(Codec().serialize(v).value().size(),
            Codec({.track_references = true}).serialize(v).value().size());
}

TEST(ValueReferences, CyclesRoundTripAsWeakLinks) {
  auto root = std::make_shared<Value::Object>();
  root->emplace_back("name", "root");
  root->emplace_back("self", Value::link(root));
  Value v(root);
  Codec codec({.track_references = true});
  Bytes bytes = codec.serialize(v).value();
  // header with flag bit 1, object of 2, "name" -> "root", "self" -> reference 0
  EXPECT_EQ(bytes, message({0x0b, 0x02, 0x04, 'n', 'a', 'm', 'e', 0x44, 'r', 'o', 'o', 't', 0x04,
                            's', 'e', 'l', 'f', 0x10, 0x00},
                           0x02));
  auto back = codec.deserialize<Value>(bytes);
  ASSERT_TRUE(back.ok()) << back.error().message();
  const Value* self = back->find("self");
  ASSERT_NE(self, nullptr);
  EXPECT_TRUE(self->is_link());
  EXPECT_EQ(self->as_object(), back->as_object());
  EXPECT_TRUE(*back == v);
  // The decoded value owns no shared_ptr cycle: dropping it frees everything (the leak checker
  // of the sanitizer build would report it otherwise).
  std::weak_ptr<Value::Object> watch =
      std::get<kiln::Shared<Value::Object>>(back->variant()).lock();
  back = kiln::Result<Value>(Value());
  EXPECT_TRUE(watch.expired());
}

struct ValueHolder {
  std::int32_t id;
  Value payload;
};

TEST(ValueReferences, AnUntrackedCycleIsAWriteErrorAndAReaderRejectsItsReference) {
  // Without flag bit 1 the back-edge of a cycle could only be a reference, which readers reject,
  // so the writer refuses the value (as the JS writer does, with the same code), as a root and as
  // a field of a typed struct; with tracking it round-trips.
  auto root = std::make_shared<Value::Array>();
  root->push_back(Value::link(root));
  kiln::Result<Bytes> refused = Codec().serialize(Value(root));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::kCycle);
  EXPECT_NE(refused.error().detail.find("track_references"), std::string::npos);
  Bytes out{1, 2};
  EXPECT_EQ(Codec().serialize_into(ValueHolder{7, Value(root)}, out).error().code,
            ErrorCode::kCycle);
  EXPECT_EQ(out, (Bytes{1, 2}));
  EXPECT_TRUE(Codec({.track_references = true}).serialize(ValueHolder{7, Value(root)}));
  // Hand-made, the same reference without the flag is rejected where it is.
  Error e = decode_error(message({0x0a, 0x01, 0x10, 0x00}));
  EXPECT_EQ(e.code, ErrorCode::kBadReference);
  EXPECT_EQ(e.offset, 9u);
}

TEST(ValueReferences, BadReferencesAreRejected) {
  // A reference to a container not read yet.
  Error e = decode_error(message({0x0a, 0x02, 0x10, 0x05, 0x00}, 0x02));
  EXPECT_EQ(e.code, ErrorCode::kBadReference);
  EXPECT_EQ(e.offset, 9u);
  EXPECT_NE(e.detail.find("container 5"), std::string::npos) << e.detail;
  // A reference before any container.
  EXPECT_EQ(decode_error(message({0x10, 0x00}, 0x02)).code, ErrorCode::kBadReference);
  // An id that does not fit 64 bits.
  Bytes huge{0x0a, 0x01, 0x10};
  huge.insert(huge.end(), 10, 0xff);
  EXPECT_EQ(decode_error(message(huge, 0x02)).code, ErrorCode::kVarintOverflow);
  // A reference to an enclosing container as a map key: a cycle through a key, still a value.
  auto back = Codec().deserialize<Value>(message({0x0c, 0x01, 0x10, 0x00, 0x00}, 0x02));
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->as_map()->at(0).first.as_map(), back->as_map());
}

// ---- hostile input ----

TEST(ValueHostile, TagsAndLengths) {
  struct Case {
    Bytes body;
    ErrorCode code;
    std::size_t offset;
  } cases[] = {
      {{}, ErrorCode::kTruncated, 7},
      {{0x11}, ErrorCode::kBadTag, 7},
      {{0x3f}, ErrorCode::kBadTag, 7},
      {{0x09}, ErrorCode::kBadTag, 7},          // a hole outside an array
      {{0x45, 'a'}, ErrorCode::kTruncated, 7},  // short string past the end
      {{0x07, 0x80, 0x80, 0x80, 0x01, 'a'}, ErrorCode::kTruncated, 8},
      {{0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f}, ErrorCode::kLengthTooLarge, 8},  // over the limit
      {{0x0b, 0x02, 0x01, 'a', 0x80}, ErrorCode::kTruncated, 8},  // 2 entries need 4 bytes
      {{0x0b, 0x02, 0x01, 'a', 0x80, 0x01, 'a', 0x81}, ErrorCode::kDuplicateKey, 12},
      {{0x0c, 0x02, 0x81, 0x00, 0x05, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0x00},
       ErrorCode::kDuplicateKey,
       11},  // 1 and 1.0 are one JS key
      {{0x0d, 0x02, 0x41, 'a', 0x41, 'a'}, ErrorCode::kDuplicateKey, 11},
      {{0x0d, 0x02, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0x08, 0, 0, 0, 0, 0, 0, 0, 0},
       ErrorCode::kOk,
       0},                                                            // two Dates are two keys
      {{0x0e, 0x0b, 0x00}, ErrorCode::kBadTag, 8},                    // typed array kind 11
      {{0x0e, 0x05, 0x03, 1, 2, 3}, ErrorCode::kValueOutOfRange, 9},  // 3 bytes of int32
      {{0x06, 0x02, 0x00}, ErrorCode::kValueOutOfRange, 8},           // bigint with a zero top byte
      {{0x06, 0x01}, ErrorCode::kValueOutOfRange, 8},                 // bigint negative zero
      {{0x06, 0x00}, ErrorCode::kOk, 0},                              // bigint zero
      {{0x0d, 0x02, 0x82, 0x06, 0x02, 0x02}, ErrorCode::kOk, 0},      // 2 and 2n: two keys
      {{0x0d, 0x02, 0x04, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
        0x20, 0x06, 0x10, 0,    0,    0,    0,    0,    0,    0,    0x10},
       ErrorCode::kDuplicateKey,
       19},  // an int beyond 2^53 is a BigInt to JS: int 2^60 and bigint 2^60 are one key
      {{0x06, 0x10, 0x01}, ErrorCode::kTruncated, 8},  // 8 bigint bytes, 1 left
      {{0x04, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02},
       ErrorCode::kVarintOverflow,
       8},
      {{0x05, 0, 0, 0}, ErrorCode::kTruncated, 8},
      {{0x41, 0xff}, ErrorCode::kBadUtf8, 8},
      {{0x81, 0x81}, ErrorCode::kTrailingBytes, 8},
  };
  for (const auto& c : cases) {
    Error e = decode_error(message(c.body));
    EXPECT_EQ(e.code, c.code) << hex(c.body) << ": " << e.message();
    if (c.code != ErrorCode::kOk) {
      EXPECT_EQ(e.offset, c.offset) << hex(c.body) << ": " << e.message();
    }
  }
}

TEST(ValueHostile, DeepNestingStopsAtTheLimit) {
  Bytes body;
  for (int i = 0; i < 100000; ++i) body.insert(body.end(), {0x0a, 0x01});
  body.push_back(0x00);
  Error e = decode_error(message(body));
  EXPECT_EQ(e.code, ErrorCode::kDepthExceeded);
  EXPECT_EQ(e.offset, 7u + 2 * 64 + 2);  // after the count of the 65th array
  // Exactly at the limit is fine.
  Bytes ok;
  for (int i = 0; i < 64; ++i) ok.insert(ok.end(), {0x0a, 0x01});
  ok.push_back(0x00);
  EXPECT_EQ(decode_error(message(ok)).code, ErrorCode::kOk);
  kiln::Options tight;
  tight.limits.max_depth = 3;
  EXPECT_EQ(decode_error(message(ok), tight).code, ErrorCode::kDepthExceeded);
}

TEST(Value, WritingStopsAtTheWriteDepthLimit) {
  // A value nested deeper than any default reader accepts is an error, not a stack overflow.
  auto nested = [](std::uint32_t depth) {
    Value v = Value::array();
    for (std::uint32_t i = 1; i < depth; ++i) v = Value::array({std::move(v)});
    return v;
  };
  Bytes out;
  EXPECT_TRUE(Codec().serialize_into(nested(kiln::detail::io::kMaxWriteDepth), out).ok());
  kiln::Options deep;
  deep.limits.max_depth = kiln::detail::io::kMaxWriteDepth + 1;
  auto back = Codec(deep).deserialize<Value>(out);
  ASSERT_TRUE(back.ok()) << back.error().message();
  kiln::Status st = Codec().serialize_into(nested(kiln::detail::io::kMaxWriteDepth + 1), out);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, ErrorCode::kDepthExceeded);
  EXPECT_NE(st.error().message().find("nested deeper than 1000"), std::string::npos)
      << st.error().message();
}

TEST(ValueHostile, HeaderIsChecked) {
  Bytes m = message({0x00});
  m[2] = 0x04;
  EXPECT_EQ(decode_error(m).code, ErrorCode::kBadFlags);
  m[2] = 0x01;  // compressed numbers: accepted, the encoding does not depend on it
  EXPECT_EQ(decode_error(m).code, ErrorCode::kOk);
  m[3] ^= 1;
  EXPECT_EQ(decode_error(m).code, ErrorCode::kSchemaMismatch);
}

}  // namespace
