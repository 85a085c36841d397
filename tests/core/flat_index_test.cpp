// FlatIndex, the table that numbers shared objects and strings while a message is written.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <set>

#include "kiln/detail/graph/flat_index.hpp"
#include "kiln/detail/graph/string_hash.hpp"

namespace {

using kiln::detail::graph::FlatIndex;

TEST(FlatIndex, NumbersKeysInOrderOfFirstAppearanceAcrossGrowth) {
  FlatIndex<std::string_view, std::hash<std::string_view>> index;
  std::vector<std::string> keys;
  for (int i = 0; i < 1000; ++i) keys.push_back("key " + std::to_string(i));
  for (std::uint32_t i = 0; i < keys.size(); ++i) {
    auto [number, added] = index.add(keys[i]);
    EXPECT_TRUE(added);
    EXPECT_EQ(number, i);
    EXPECT_EQ(index.size(), i + 1);
  }
  // Every key keeps its number after the table has doubled several times.
  for (std::uint32_t i = keys.size(); i-- > 0;) {
    auto [number, added] = index.add(std::string(keys[i]));  // an equal key, not the same view
    EXPECT_FALSE(added);
    EXPECT_EQ(number, i);
  }
  EXPECT_EQ(index.size(), keys.size());
  EXPECT_TRUE(index.add("").second);
  EXPECT_EQ(index.add("").first, keys.size());
}

// Every key hashes alike: lookups must probe past other keys and compare them, never confuse them.
struct SameHash {
  std::size_t operator()(int) const noexcept { return 42; }
};

TEST(FlatIndex, KeysWithEqualHashesStayDistinct) {
  FlatIndex<int, SameHash> index;
  for (int i = 0; i < 100; ++i) EXPECT_EQ(index.add(i * 7), std::make_pair(std::uint32_t(i), true));
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(index.add(i * 7), std::make_pair(std::uint32_t(i), false));
  EXPECT_EQ(index.add(1), std::make_pair(std::uint32_t(100), true));
}

// Pointers: identity hashes with constant low bits (aligned addresses) must still spread.
TEST(FlatIndex, AlignedPointers) {
  std::vector<std::uint64_t> objects(4096);
  FlatIndex<const void*, std::hash<const void*>> index;
  for (std::uint32_t i = 0; i < objects.size(); i += 2)
    EXPECT_EQ(index.add(&objects[i]).first, i / 2);
  for (std::uint32_t i = 0; i < objects.size(); i += 2) EXPECT_FALSE(index.add(&objects[i]).second);
  EXPECT_EQ(index.size(), objects.size() / 2);
}

// StringHash: equal strings hash alike wherever they are stored; strings of every length class
// (0, 1-3, 4-7, 8-16 from overlapping loads, longer through std::hash) that differ in one byte
// hash apart, as do the numbered keys a message typically shares.
TEST(StringHash, SpreadsShortAndLongStrings) {
  kiln::detail::graph::StringHash hash;
  std::set<std::size_t> seen;
  std::size_t strings = 0;
  for (std::size_t n = 0; n <= 40; ++n) {
    std::string base(n, 'a');
    EXPECT_EQ(hash(base), hash(std::string(base)));
    seen.insert(hash(base));
    ++strings;
    for (std::size_t i = 0; i < n; ++i) {
      std::string s = base;
      s[i] = 'b';
      seen.insert(hash(s));
      ++strings;
    }
  }
  for (int i = 0; i < 10000; ++i) {
    seen.insert(hash("string value #" + std::to_string(i)));
    ++strings;
  }
  EXPECT_EQ(seen.size(), strings);
}

// StringEq compares 1-3 byte strings by first, middle and last byte, 4-7 and 8-16 byte strings
// with overlapping loads, 17-64 byte strings in words and longer ones with memcmp: a difference
// at any position of any length is seen, and equal strings in different storage compare equal.
TEST(StringEq, SeesADifferenceAtEveryPosition) {
  kiln::detail::graph::StringEq eq;
  for (std::size_t n = 0; n <= 80; ++n) {
    std::string a(n, 'q');
    EXPECT_TRUE(eq(a, std::string(a))) << n;
    EXPECT_FALSE(eq(a, std::string(n + 1, 'q'))) << n;
    for (std::size_t i = 0; i < n; ++i) {
      std::string b = a;
      b[i] = 'r';
      EXPECT_FALSE(eq(a, b)) << n << " " << i;
    }
  }
}

TEST(StringHash, NumbersStringsInAFlatIndex) {
  FlatIndex<std::string_view, kiln::detail::graph::StringHash> index;
  std::vector<std::string> keys;
  for (int i = 0; i < 3000; ++i)
    keys.push_back(std::string(static_cast<std::size_t>(i % 23), 'x') + std::to_string(i));
  for (std::uint32_t i = 0; i < keys.size(); ++i)
    EXPECT_EQ(index.add(keys[i]), std::make_pair(i, true));
  for (std::uint32_t i = 0; i < keys.size(); ++i)
    EXPECT_EQ(index.add(keys[i]), std::make_pair(i, false));
}

}  // namespace
