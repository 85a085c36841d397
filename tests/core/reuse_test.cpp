// Decoding into a reused object (the allocation-free path): the result must equal a fresh decode
// whatever the object held before, and errors must be detected on every path.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "kiln/kiln.hpp"

namespace {

using Map = std::map<std::string, std::int64_t>;

template <class T>
T decode_into(const T& value, T reused) {
  kiln::Codec codec;
  auto bytes = codec.serialize(value).value();
  kiln::Status st = codec.deserialize_into(bytes, reused);
  EXPECT_TRUE(st.ok()) << st.error().message();
  return reused;
}

TEST(Reuse, MapWithSameKeysOnlyAssignsValues) {
  Map before{{"a", 1}, {"b", 2}, {"c", 3}};
  Map value{{"a", 10}, {"b", 20}, {"c", 30}};
  EXPECT_EQ(decode_into(value, before), value);
}

TEST(Reuse, MapWithDifferentKeysFewerOrMoreEntries) {
  Map big{{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}};
  Map small{{"a", 9}, {"x", 8}};
  EXPECT_EQ(decode_into(small, big), small);  // prefix matches, then differs, then shrinks
  EXPECT_EQ(decode_into(Map{{"a", 5}}, big), (Map{{"a", 5}}));  // prefix only: tail erased
  EXPECT_EQ(decode_into(big, small), big);                      // grows past the old entries
  EXPECT_EQ(decode_into(Map{}, big), Map{});
  EXPECT_EQ(decode_into(big, Map{{"zz", 1}}), big);  // differs at the first key
}

TEST(Reuse, UnorderedMapAndNestedValues) {
  using U = std::unordered_map<std::int32_t, std::vector<std::string>>;
  U a{{1, {"x", "y"}}, {2, {}}}, b{{3, {"long string that is not small"}}, {1, {"z"}}};
  EXPECT_EQ(decode_into(a, b), a);
  EXPECT_EQ(decode_into(b, a), b);
}

TEST(Reuse, VectorsShrinkAndGrowKeepingNoStaleElements) {
  std::vector<std::string> many{"one", "two", "three", "a string longer than the small buffer"};
  std::vector<std::string> few{"x"};
  EXPECT_EQ(decode_into(few, many), few);
  EXPECT_EQ(decode_into(many, few), many);
  std::vector<std::int64_t> nums{1, 2, 3};
  EXPECT_EQ(decode_into(std::vector<std::int64_t>{}, nums), std::vector<std::int64_t>{});
}

// A message whose map repeats a key, decoded into maps that exercise each path.
TEST(Reuse, DuplicateKeyRejectedOnEveryPath) {
  kiln::Codec codec;
  // Two entries "k" -> 1 and "k" -> 2: build by serializing a vector of pairs with the same shape.
  std::vector<std::pair<std::string, std::int64_t>> dup{{"k", 1}, {"k", 2}};
  auto bytes = codec.serialize(dup).value();
  // Same wire shape as a map: patch the fingerprint in the header to the map's.
  constexpr std::uint32_t fp = kiln::fingerprint_of<Map>();
  for (int i = 0; i < 4; ++i) bytes[3 + i] = static_cast<std::uint8_t>(fp >> (8 * i));
  for (const Map& reused :
       {Map{}, Map{{"k", 7}}, Map{{"a", 1}, {"b", 2}}, Map{{"k", 1}, {"z", 2}}}) {
    Map out = reused;
    kiln::Status st = codec.deserialize_into(bytes, out);
    ASSERT_FALSE(st.ok());
    EXPECT_EQ(st.error().code, kiln::ErrorCode::kDuplicateKey);
    EXPECT_EQ(st.error().offset, 7u + 1 + 2 + 8);  // header, count, first entry
  }
}

// Keys equal to the reused entry's are compared in place rather than copied: keys of every
// length up to past 16 bytes, differing only in their last byte, must still be told apart.
TEST(Reuse, MapKeysComparedInPlaceAtEveryLength) {
  for (std::size_t n = 1; n <= 40; ++n) {
    std::string k(n, 'k'), other = k;
    other.back() = 'j';
    Map value{{k, 1}, {k + "z", 2}};
    EXPECT_EQ(decode_into(value, value), value);
    EXPECT_EQ(decode_into(value, Map{{other, 5}, {k + "z", 6}}), value);
    EXPECT_EQ(decode_into(value, Map{{k, 5}, {other + "z", 6}}), value);
  }
}

// A map key whose bytes equal the reused key is still validated: a map holding invalid UTF-8
// (put there by the program) must not make invalid UTF-8 on the wire acceptable.
TEST(Reuse, MapKeyEqualToReusedKeyIsStillValidated) {
  for (bool share : {false, true}) {
    kiln::Codec codec(kiln::Options{.share_strings = share});
    const std::string bad = "ab\xff";
    Map out{{bad, 1}};
    // Written by a codec that does not check UTF-8.
    auto bytes = kiln::Codec(kiln::Options{.validate_utf8 = false, .share_strings = share})
                     .serialize(Map{{bad, 2}})
                     .value();
    ASSERT_FALSE(bytes.empty());
    Map fresh;
    kiln::Status want = codec.deserialize_into(bytes, fresh);
    kiln::Status got = codec.deserialize_into(bytes, out);
    ASSERT_FALSE(want.ok());
    ASSERT_FALSE(got.ok());
    EXPECT_EQ(want.error().code, kiln::ErrorCode::kBadUtf8);
    EXPECT_EQ(want.error().offset, 7u + 1 + 1 + 2);  // header, count, key length, "ab"
    kiln::Result<Map> made = codec.deserialize<Map>(bytes);
    ASSERT_FALSE(made.has_value());
    EXPECT_EQ(made.error().offset, want.error().offset);
    EXPECT_EQ(got.error().code, kiln::ErrorCode::kBadUtf8);
    EXPECT_EQ(got.error().offset, want.error().offset);
    EXPECT_EQ(got.error().detail, want.error().detail);
  }
}

// A string decoded into an empty one (a fresh object's field, a fresh map's key) is built from
// the bytes; into one that holds characters, they are copied over. Every length, up to past the
// characters a string holds inline, into every kind of destination, gives the same value.
TEST(Reuse, StringsOfEveryLengthIntoEveryDestination) {
  kiln::Codec codec;
  for (std::size_t n = 0; n <= 40; ++n) {
    std::string s(n, ' ');
    for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + i % 26);
    for (const std::string& before :
         {std::string(), std::string("q"), std::string(n + 1, 'z'), std::string(60, 'y')}) {
      EXPECT_EQ(decode_into(s, before), s) << n;
      std::vector<std::string> many{s, s + "!"};
      EXPECT_EQ(decode_into(many, std::vector<std::string>{before}), many) << n;
    }
    std::string cleared(100, 'x');  // empty, with a buffer of its own
    cleared.clear();
    auto bytes = codec.serialize(s).value();
    ASSERT_TRUE(codec.deserialize_into(bytes, cleared).ok());
    EXPECT_EQ(cleared, s);
    Map m{{s, 1}, {s + "z", 2}, {s + "zz", 3}};
    auto map_bytes = codec.serialize(m).value();
    kiln::Result<Map> fresh = codec.deserialize<Map>(map_bytes);
    ASSERT_TRUE(fresh.has_value()) << n;
    EXPECT_EQ(*fresh, m);
    EXPECT_EQ(decode_into(m, Map{{"a", 1}}), m);
  }
}

}  // namespace
