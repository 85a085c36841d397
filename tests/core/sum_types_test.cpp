// std::optional, std::variant, std::pair and std::tuple.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "test_util.hpp"

namespace {

using kiln::ErrorCode;
using kiln::test::body_error;
using kiln::test::Bytes;
using kiln::test::payload;
using kiln::test::round_trips;

TEST(Optional, EmptyAndValue) {
  EXPECT_TRUE(round_trips(std::optional<std::int32_t>{}));
  EXPECT_TRUE(round_trips(std::optional<std::int32_t>{0}));
  EXPECT_TRUE(round_trips(std::optional<std::int32_t>{-7}));
  EXPECT_TRUE(round_trips(std::optional<std::string>{}));
  EXPECT_TRUE(round_trips(std::optional<std::string>{""}));
  EXPECT_TRUE(round_trips(std::optional<std::string>{"text"}));
  EXPECT_TRUE(round_trips(std::optional<std::vector<std::int64_t>>{{1, 2, 3}}));
  EXPECT_TRUE(round_trips(std::optional<double>{-0.0}));
  EXPECT_TRUE(
      round_trips(std::vector<std::optional<std::string>>{std::nullopt, "a", std::nullopt}));
}

TEST(Optional, Bytes) {
  EXPECT_EQ(payload(std::optional<std::int32_t>{}), Bytes{0x00});
  EXPECT_EQ(payload(std::optional<std::int32_t>{5}), (Bytes{0x01, 0x05, 0x00, 0x00, 0x00}));
  EXPECT_EQ(payload(std::optional<std::int32_t>{5}, true), (Bytes{0x01, 0x0a}));
  EXPECT_EQ(payload(std::optional<std::string>{"hi"}), (Bytes{0x01, 0x02, 'h', 'i'}));
}

TEST(Optional, Nested) {
  using OO = std::optional<std::optional<std::int32_t>>;
  EXPECT_TRUE(round_trips(OO{}));
  EXPECT_TRUE(round_trips(OO{std::optional<std::int32_t>{}}));
  EXPECT_TRUE(round_trips(OO{std::optional<std::int32_t>{7}}));
  EXPECT_EQ(payload(OO{}), Bytes{0x00});
  EXPECT_EQ(payload(OO{std::optional<std::int32_t>{}}), (Bytes{0x01, 0x00}));
  EXPECT_EQ(payload(OO{std::optional<std::int32_t>{7}}),
            (Bytes{0x01, 0x01, 0x07, 0x00, 0x00, 0x00}));
  // The outer-engaged, inner-empty state must survive: it is not the same value as empty.
  auto r = kiln::Codec().deserialize<OO>(
      kiln::Codec().serialize(OO{std::optional<std::int32_t>{}}).value());
  ASSERT_TRUE(r.ok());
  ASSERT_TRUE(r->has_value());
  EXPECT_FALSE(r->value().has_value());
}

TEST(Optional, DecodingEmptyResetsAValue) {
  std::optional<std::string> out = "stale";
  kiln::Status s = kiln::Codec().deserialize_into(
      kiln::Codec().serialize(std::optional<std::string>{}).value(), out);
  ASSERT_TRUE(s.ok());
  EXPECT_FALSE(out.has_value());
}

TEST(Optional, BadTag) {
  for (bool compress : {false, true}) {
    for (std::uint8_t tag : {0x02, 0x7f, 0xff}) {
      kiln::Error e = body_error<std::optional<std::int32_t>>({tag, 0, 0, 0, 0}, compress);
      EXPECT_EQ(e.code, ErrorCode::kBadOptionalTag) << int{tag};
      EXPECT_EQ(e.offset, 7u);
    }
  }
  // The inner tag of a nested optional.
  kiln::Error e = body_error<std::optional<std::optional<std::int32_t>>>({0x01, 0x02});
  EXPECT_EQ(e.code, ErrorCode::kBadOptionalTag);
  EXPECT_EQ(e.offset, 8u);
  // Inside a vector: third element's tag.
  e = body_error<std::vector<std::optional<std::int8_t>>>({0x03, 0x00, 0x01, 0x05, 0x09});
  EXPECT_EQ(e.code, ErrorCode::kBadOptionalTag);
  EXPECT_EQ(e.offset, 11u);
}

TEST(Optional, TruncatedValue) {
  kiln::Error e = body_error<std::optional<std::int32_t>>({0x01});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 8u);
  e = body_error<std::optional<std::int32_t>>({});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
}

TEST(Variant, EachAlternative) {
  using V = std::variant<std::int32_t, std::string, double, std::vector<std::int8_t>>;
  EXPECT_TRUE(round_trips(V{std::int32_t{-42}}));
  EXPECT_TRUE(round_trips(V{std::string("abc")}));
  EXPECT_TRUE(round_trips(V{-0.0}));
  EXPECT_TRUE(round_trips(V{std::vector<std::int8_t>{1, -1}}));
  EXPECT_EQ(payload(V{std::int32_t{1}}), (Bytes{0x00, 0x01, 0x00, 0x00, 0x00}));
  EXPECT_EQ(payload(V{std::int32_t{1}}, true), (Bytes{0x00, 0x02}));
  EXPECT_EQ(payload(V{std::string("abc")}), (Bytes{0x01, 0x03, 'a', 'b', 'c'}));
  EXPECT_EQ(payload(V{1.0}), (Bytes{0x02, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f}));
}

TEST(Variant, DecodingSwitchesAlternative) {
  using V = std::variant<std::int32_t, std::string>;
  V out = std::int32_t{9};
  kiln::Status s =
      kiln::Codec().deserialize_into(kiln::Codec().serialize(V{std::string("s")}).value(), out);
  ASSERT_TRUE(s.ok());
  ASSERT_EQ(out.index(), 1u);
  EXPECT_EQ(std::get<1>(out), "s");
}

TEST(Variant, DuplicateAlternativeTypesKeepTheIndex) {
  using V = std::variant<std::int32_t, std::int32_t, std::string>;
  V first(std::in_place_index<0>, 5);
  V second(std::in_place_index<1>, 5);
  EXPECT_TRUE(round_trips(first));
  EXPECT_TRUE(round_trips(second));
  EXPECT_EQ(payload(first), (Bytes{0x00, 0x05, 0x00, 0x00, 0x00}));
  EXPECT_EQ(payload(second), (Bytes{0x01, 0x05, 0x00, 0x00, 0x00}));
  auto r = kiln::Codec().deserialize<V>(kiln::Codec().serialize(second).value());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->index(), 1u);
  EXPECT_EQ(std::get<1>(*r), 5);
}

TEST(Variant, IndexOutOfRange) {
  using V = std::variant<std::int32_t, std::string>;
  for (bool compress : {false, true}) {
    kiln::Error e = body_error<V>({0x02, 0x00}, compress);
    EXPECT_EQ(e.code, ErrorCode::kBadVariantIndex);
    EXPECT_EQ(e.offset, 7u) << "the error points at the index";
    EXPECT_NE(e.detail.find('2'), std::string::npos) << e.detail;
  }
  // A multi-byte index (128).
  kiln::Error e = body_error<V>({0x80, 0x01, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kBadVariantIndex);
  EXPECT_EQ(e.offset, 7u);
  // An index that does not fit 32 bits.
  e = body_error<V>({0xff, 0xff, 0xff, 0xff, 0xff, 0x01});
  EXPECT_EQ(e.code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(e.offset, 7u);
  // Inside a vector: the second element's index (two padding bytes keep the count plausible).
  e = body_error<std::vector<V>>({0x02, 0x01, 0x00, 0x05, 0x00, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kBadVariantIndex);
  EXPECT_EQ(e.offset, 10u);
}

TEST(Variant, FingerprintCoversAlternativesAndOrder) {
  static_assert(kiln::fingerprint_of<std::variant<std::int32_t, std::string>>() !=
                kiln::fingerprint_of<std::variant<std::string, std::int32_t>>());
  static_assert(kiln::fingerprint_of<std::variant<std::int32_t>>() !=
                kiln::fingerprint_of<std::int32_t>());
  static_assert(kiln::fingerprint_of<std::variant<std::int32_t, std::int32_t>>() !=
                kiln::fingerprint_of<std::variant<std::int32_t>>());
  static_assert(kiln::fingerprint_of<std::optional<std::int32_t>>() !=
                kiln::fingerprint_of<std::int32_t>());
}

TEST(Pair, RoundTripAndBytes) {
  EXPECT_TRUE(round_trips(std::pair<std::int32_t, std::string>{-1, "x"}));
  EXPECT_TRUE(round_trips(std::pair<float, double>{-0.0f, 2.5}));
  EXPECT_TRUE(round_trips(std::pair<std::string, std::vector<std::string>>{"k", {"a", "b"}}));
  EXPECT_EQ(payload(std::pair<std::int8_t, std::int32_t>{-1, 1}),
            (Bytes{0xff, 0x01, 0x00, 0x00, 0x00}));
  EXPECT_EQ(payload(std::pair<std::int8_t, std::int32_t>{-1, 1}, true), (Bytes{0xff, 0x02}));
}

TEST(Tuple, RoundTrips) {
  EXPECT_TRUE(round_trips(std::tuple<>{}));
  EXPECT_EQ(payload(std::tuple<>{}), Bytes{});
  EXPECT_EQ(kiln::Codec().serialize(std::tuple<>{}).value().size(), 7u);
  EXPECT_TRUE(
      round_trips(std::tuple<std::string, std::string, std::string>{"a", "", "\xE6\x97\xA5"}));
  EXPECT_EQ(payload(std::tuple<std::string, std::string>{"a", "bc"}),
            (Bytes{0x01, 'a', 0x02, 'b', 'c'}));
  EXPECT_TRUE(round_trips(
      std::tuple<std::int8_t, std::uint64_t, bool, double>{-128, ~std::uint64_t{0}, true, 1e-310}));
  EXPECT_TRUE(round_trips(std::tuple<std::int32_t>{7}));
  EXPECT_TRUE(
      round_trips(std::tuple<std::tuple<>, std::tuple<std::int32_t, std::tuple<std::string>>>{
          {}, {1, {"deep"}}}));
  EXPECT_TRUE(round_trips(std::vector<std::tuple<std::int32_t, std::string>>{{1, "a"}, {2, "b"}}));
}

TEST(Tuple, PairAndTupleShareTheWireForm) {
  using P = std::pair<std::int32_t, std::string>;
  using T = std::tuple<std::int32_t, std::string>;
  static_assert(kiln::fingerprint_of<P>() == kiln::fingerprint_of<T>());
  for (bool compress : {false, true})
    EXPECT_EQ(payload(P{3, "z"}, compress), payload(T{3, "z"}, compress));
  static_assert(kiln::fingerprint_of<std::tuple<std::int32_t, std::int64_t>>() !=
                kiln::fingerprint_of<std::tuple<std::int64_t, std::int32_t>>());
  static_assert(kiln::fingerprint_of<std::tuple<>>() !=
                kiln::fingerprint_of<std::tuple<std::tuple<>>>());
}

TEST(Tuple, ErrorsPointIntoTheRightElement) {
  // tuple<int32, bool, string> fixed: the bool is at 7 + 4.
  using T = std::tuple<std::int32_t, bool, std::string>;
  kiln::Error e = body_error<T>({0x01, 0x00, 0x00, 0x00, 0x05, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kBadBool);
  EXPECT_EQ(e.offset, 11u);
  // Exact tuple (every byte pattern valid) truncated.
  e = body_error<std::tuple<std::int32_t, double>>({0x01, 0x00, 0x00, 0x00, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
}

}  // namespace
