// Sequences, arrays, sets and maps: round trips, exact bytes, and hostile counts.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "test_util.hpp"

namespace {

using kiln::ErrorCode;
using kiln::test::body_error;
using kiln::test::Bytes;
using kiln::test::payload;
using kiln::test::round_trips;

struct Point {
  std::int32_t x;
  std::int32_t y;
  bool operator==(const Point&) const = default;
  auto operator<=>(const Point&) const = default;
};

struct Named {
  std::string name;
  std::vector<std::int64_t> values;
  bool operator==(const Named&) const = default;
};

TEST(Vector, NumbersBulkPath) {
  EXPECT_TRUE(round_trips(std::vector<std::int32_t>{}));
  EXPECT_TRUE(
      round_trips(std::vector<std::int32_t>{1, -1, 0, std::numeric_limits<std::int32_t>::min(),
                                            std::numeric_limits<std::int32_t>::max()}));
  EXPECT_TRUE(round_trips(std::vector<std::uint8_t>{0, 1, 0x7f, 0x80, 0xff}));
  EXPECT_TRUE(round_trips(std::vector<std::int16_t>{-32768, 32767, -1}));
  EXPECT_TRUE(
      round_trips(std::vector<std::uint64_t>{0, std::numeric_limits<std::uint64_t>::max()}));
  EXPECT_TRUE(round_trips(std::vector<double>{0.0, -0.0, 1e300, -1e-300,
                                              std::numeric_limits<double>::quiet_NaN(),
                                              std::numeric_limits<double>::infinity()}));
  EXPECT_TRUE(
      round_trips(std::vector<float>{1.5f, -0.0f, std::numeric_limits<float>::denorm_min()}));
  EXPECT_TRUE(round_trips(std::vector<char16_t>{u'a', u'\u20AC', 0xD800}));
  std::vector<std::int64_t> big(10000);
  for (std::size_t i = 0; i < big.size(); ++i)
    big[i] = static_cast<std::int64_t>(i * i) * (i % 2 ? -1 : 1);
  EXPECT_TRUE(round_trips(big));
}

TEST(Vector, Int32ExactBytesInBothModes) {
  std::vector<std::int32_t> v{1, -1, 256};
  EXPECT_EQ(payload(v, false),
            (Bytes{0x03, 0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0x00, 0x01, 0x00, 0x00}));
  // zigzag: 1 -> 2, -1 -> 1, 256 -> 512 = 80 04
  EXPECT_EQ(payload(v, true), (Bytes{0x03, 0x02, 0x01, 0x80, 0x04}));
  EXPECT_EQ(payload(std::vector<std::int32_t>{}, false), Bytes{0x00});
  EXPECT_EQ(payload(std::vector<std::int32_t>{}, true), Bytes{0x00});
}

TEST(Vector, CountPrefixIsAVarint) {
  std::vector<std::uint8_t> v(300, 7);
  Bytes p = payload(v);
  ASSERT_EQ(p.size(), 2u + 300u);
  EXPECT_EQ(p[0], 0xac);
  EXPECT_EQ(p[1], 0x02);
}

TEST(Vector, OfStringsStructsAndVectors) {
  EXPECT_TRUE(round_trips(std::vector<std::string>{}));
  EXPECT_TRUE(
      round_trips(std::vector<std::string>{"", "a", "h\xC3\xA9llo", std::string(300, 'z')}));
  EXPECT_EQ(payload(std::vector<std::string>{"ab", ""}), (Bytes{0x02, 0x02, 'a', 'b', 0x00}));
  EXPECT_TRUE(round_trips(std::vector<Point>{{1, 2}, {-3, 4}, {0, 0}}));
  EXPECT_EQ(payload(std::vector<Point>{{1, -1}}, true), (Bytes{0x01, 0x02, 0x01}));
  EXPECT_TRUE(round_trips(std::vector<Named>{{"a", {1, 2, 3}}, {"", {}}}));
  EXPECT_TRUE(round_trips(std::vector<std::vector<std::int32_t>>{{}, {1}, {2, 3}, {}}));
  EXPECT_TRUE(round_trips(std::vector<std::vector<std::vector<std::string>>>{{{"x"}, {}}, {}}));
  EXPECT_EQ(payload(std::vector<std::vector<std::int32_t>>{{}, {5}}, true),
            (Bytes{0x02, 0x00, 0x01, 0x0a}));
}

TEST(Vector, OfBool) {
  EXPECT_TRUE(round_trips(std::vector<bool>{}));
  std::vector<bool> v;
  for (int i = 0; i < 100; ++i) v.push_back(i % 3 == 0);
  EXPECT_TRUE(round_trips(v));
  EXPECT_EQ(payload(std::vector<bool>{true, false, true}), (Bytes{0x03, 0x01, 0x00, 0x01}));
  EXPECT_EQ(payload(std::vector<bool>{true, false, true}, true), (Bytes{0x03, 0x01, 0x00, 0x01}));
}

TEST(Array, Numbers) {
  EXPECT_TRUE(round_trips(std::array<std::int32_t, 3>{-1, 0, 1}));
  EXPECT_TRUE(round_trips(std::array<double, 2>{-0.0, std::numeric_limits<double>::quiet_NaN()}));
  EXPECT_TRUE(round_trips(std::array<bool, 3>{true, false, true}));
  EXPECT_TRUE(round_trips(std::array<std::uint64_t, 1>{std::numeric_limits<std::uint64_t>::max()}));
  // No length prefix: the schema fixes it.
  EXPECT_EQ(payload(std::array<std::int32_t, 3>{1, -1, 256}),
            (Bytes{0x01, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0x00, 0x01, 0x00, 0x00}));
  EXPECT_EQ(payload(std::array<std::int32_t, 3>{1, -1, 256}, true),
            (Bytes{0x02, 0x01, 0x80, 0x04}));
  EXPECT_EQ(payload(std::array<std::int16_t, 2>{-2, 3}, true), (Bytes{0xfe, 0xff, 0x03, 0x00}));
}

TEST(Array, StringsAndStructs) {
  EXPECT_TRUE(round_trips(std::array<std::string, 3>{"", "a", "\xE6\x97\xA5"}));
  EXPECT_EQ(payload(std::array<std::string, 2>{"a", ""}), (Bytes{0x01, 'a', 0x00}));
  EXPECT_TRUE(round_trips(std::array<Point, 2>{Point{1, 2}, Point{3, 4}}));
  EXPECT_TRUE(round_trips(std::array<std::vector<std::int8_t>, 2>{{{1, 2}, {}}}));
}

struct Holder {
  std::array<std::string, 0> none;
  std::int32_t x;
  std::array<std::int32_t, 0> nothing;
  bool operator==(const Holder&) const = default;
};

TEST(Array, ZeroLength) {
  EXPECT_TRUE(round_trips(std::array<std::int32_t, 0>{}));
  EXPECT_TRUE(round_trips(std::array<std::string, 0>{}));
  EXPECT_TRUE(round_trips(std::array<Named, 0>{}));
  EXPECT_EQ(payload(std::array<std::int32_t, 0>{}), Bytes{});
  EXPECT_EQ(payload(std::array<std::string, 0>{}), Bytes{});
  // Zero-length arrays inside a struct take no bytes.
  EXPECT_TRUE(round_trips(Holder{{}, 5, {}}));
  EXPECT_EQ(payload(Holder{{}, 5, {}}), (Bytes{0x05, 0x00, 0x00, 0x00}));
}

TEST(Array, TruncatedArray) {
  kiln::Error e = body_error<std::array<std::int32_t, 3>>({1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
  e = body_error<std::array<std::string, 2>>({0x01, 'a'});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 9u);
}

TEST(ListAndDeque, RoundTrip) {
  EXPECT_TRUE(round_trips(std::list<std::string>{}));
  EXPECT_TRUE(round_trips(std::list<std::string>{"a", "", "ccc"}));
  EXPECT_TRUE(round_trips(std::list<std::int64_t>{-1, 0, 1}));
  EXPECT_TRUE(round_trips(std::deque<std::int32_t>{}));
  EXPECT_TRUE(round_trips(std::deque<double>{1.0, -0.0, 2.5}));
  EXPECT_TRUE(round_trips(std::deque<std::list<Point>>{{{1, 2}}, {}, {{3, 4}, {5, 6}}}));
  std::deque<std::int32_t> big;
  for (std::int32_t i = 0; i < 5000; ++i) big.push_back(i * 31 - 70000);
  EXPECT_TRUE(round_trips(big));
}

TEST(Sequences, VectorListDequeWriteTheSameBytes) {
  for (bool compress : {false, true}) {
    const std::vector<std::int32_t> v{7, -300, 70000, 0};
    const std::list<std::int32_t> l(v.begin(), v.end());
    const std::deque<std::int32_t> d(v.begin(), v.end());
    EXPECT_EQ(payload(v, compress), payload(l, compress));
    EXPECT_EQ(payload(v, compress), payload(d, compress));
    const std::vector<std::string> vs{"a", "bc"};
    const std::list<std::string> ls(vs.begin(), vs.end());
    const std::deque<std::string> ds(vs.begin(), vs.end());
    EXPECT_EQ(payload(vs, compress), payload(ls, compress));
    EXPECT_EQ(payload(vs, compress), payload(ds, compress));
  }
  static_assert(kiln::fingerprint_of<std::vector<std::int32_t>>() ==
                kiln::fingerprint_of<std::list<std::int32_t>>());
  static_assert(kiln::fingerprint_of<std::vector<std::int32_t>>() ==
                kiln::fingerprint_of<std::deque<std::int32_t>>());
  // Whole messages are interchangeable: a list reads what a vector wrote.
  Bytes message = kiln::Codec().serialize(std::vector<std::int32_t>{1, 2, 3}).value();
  auto as_list = kiln::Codec().deserialize<std::list<std::int32_t>>(message);
  ASSERT_TRUE(as_list.ok()) << as_list.error().message();
  EXPECT_EQ(*as_list, (std::list<std::int32_t>{1, 2, 3}));
}

TEST(Sequences, FingerprintsDistinguishShapes) {
  using V = std::vector<std::int32_t>;
  static_assert(kiln::fingerprint_of<V>() != kiln::fingerprint_of<std::set<std::int32_t>>());
  static_assert(kiln::fingerprint_of<V>() != kiln::fingerprint_of<std::array<std::int32_t, 3>>());
  static_assert(kiln::fingerprint_of<std::array<std::int32_t, 3>>() !=
                kiln::fingerprint_of<std::array<std::int32_t, 4>>());
  static_assert(kiln::fingerprint_of<V>() != kiln::fingerprint_of<std::vector<std::int64_t>>());
  static_assert(kiln::fingerprint_of<V>() != kiln::fingerprint_of<std::vector<V>>());
  static_assert(kiln::fingerprint_of<std::map<std::int32_t, std::int32_t>>() !=
                kiln::fingerprint_of<std::vector<std::pair<std::int32_t, std::int32_t>>>());
  static_assert(kiln::fingerprint_of<std::set<std::string>>() ==
                kiln::fingerprint_of<std::unordered_set<std::string>>());
  static_assert(kiln::fingerprint_of<std::map<std::string, std::int64_t>>() ==
                kiln::fingerprint_of<std::unordered_map<std::string, std::int64_t>>());
}

TEST(Sets, RoundTrip) {
  EXPECT_TRUE(round_trips(std::set<std::int32_t>{}));
  EXPECT_TRUE(round_trips(std::set<std::int32_t>{5, -5, 0, 1000000}));
  EXPECT_TRUE(round_trips(std::set<std::string>{"b", "a", "", "\xF0\x9F\x98\x80"}));
  EXPECT_TRUE(round_trips(std::set<Point>{{1, 2}, {0, 0}, {-1, 5}}));
  EXPECT_TRUE(round_trips(std::unordered_set<std::int64_t>{}));
  std::unordered_set<std::int64_t> us;
  for (std::int64_t i = -500; i < 500; ++i) us.insert(i * 7919);
  EXPECT_TRUE(round_trips(us));
  EXPECT_TRUE(round_trips(std::unordered_set<std::string>{"x", "y", "zz"}));
  EXPECT_TRUE(round_trips(std::set<std::set<std::int32_t>>{{}, {1}, {1, 2}}));
  // std::set writes in sorted order.
  EXPECT_EQ(payload(std::set<std::int32_t>{3, -1, 2}, true), (Bytes{0x03, 0x01, 0x04, 0x06}));
}

TEST(Maps, RoundTrip) {
  EXPECT_TRUE(round_trips(std::map<std::string, std::int64_t>{}));
  EXPECT_TRUE(round_trips(std::map<std::string, std::int64_t>{{"k1", 10}, {"k2", -20}, {"", 0}}));
  EXPECT_TRUE(round_trips(std::map<std::int32_t, std::vector<std::string>>{{1, {"a"}}, {-2, {}}}));
  EXPECT_TRUE(round_trips(std::map<std::string, std::map<std::string, std::int32_t>>{
      {"outer", {{"inner", 1}, {"other", 2}}}, {"empty", {}}}));
  EXPECT_TRUE(round_trips(std::map<Point, std::string>{{{1, 2}, "a"}, {{0, 0}, "b"}}));
  EXPECT_TRUE(round_trips(std::unordered_map<std::int32_t, std::string>{}));
  std::unordered_map<std::int32_t, std::string> um;
  for (std::int32_t i = 0; i < 300; ++i)
    um[i * 13 - 1000] = std::string(static_cast<std::size_t>(i % 7), 'q');
  EXPECT_TRUE(round_trips(um));
  EXPECT_TRUE(round_trips(std::unordered_map<std::string, std::unordered_map<std::string, double>>{
      {"a", {{"x", 1.5}}}, {"b", {}}}));
  EXPECT_TRUE(
      round_trips(std::map<std::int32_t, double>{{1, std::numeric_limits<double>::quiet_NaN()}}));
}

TEST(Maps, ExactBytes) {
  std::map<std::string, std::int32_t> m{{"b", 2}, {"a", -1}};
  EXPECT_EQ(payload(m, false),
            (Bytes{0x02, 0x01, 'a', 0xff, 0xff, 0xff, 0xff, 0x01, 'b', 0x02, 0x00, 0x00, 0x00}));
  EXPECT_EQ(payload(m, true), (Bytes{0x02, 0x01, 'a', 0x01, 0x01, 'b', 0x04}));
}

TEST(SetsAndMaps, DuplicateSetElementRejected) {
  for (bool compress : {false, true}) {
    // Element 1 starts after the count and element 0.
    Bytes element = payload(std::int32_t{5}, compress);
    Bytes body{0x02};
    body.insert(body.end(), element.begin(), element.end());
    body.insert(body.end(), element.begin(), element.end());
    const std::size_t second = 7 + 1 + element.size();
    kiln::Error e = body_error<std::set<std::int32_t>>(body, compress);
    EXPECT_EQ(e.code, ErrorCode::kDuplicateKey) << compress;
    EXPECT_EQ(e.offset, second) << compress;
    e = body_error<std::unordered_set<std::int32_t>>(body, compress);
    EXPECT_EQ(e.code, ErrorCode::kDuplicateKey) << compress;
    EXPECT_EQ(e.offset, second) << compress;
  }
  // Duplicate after other elements, strings.
  kiln::Error e = body_error<std::set<std::string>>({0x03, 0x01, 'a', 0x01, 'b', 0x01, 'a'});
  EXPECT_EQ(e.code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(e.offset, 12u);
}

TEST(SetsAndMaps, DuplicateMapKeyRejected) {
  // {"a": 1, "a": 2} in fixed mode: the second key starts at 7 + 1 + 2 + 4 = 14.
  Bytes body{0x02, 0x01, 'a', 0x01, 0x00, 0x00, 0x00, 0x01, 'a', 0x02, 0x00, 0x00, 0x00};
  kiln::Error e = body_error<std::map<std::string, std::int32_t>>(body);
  EXPECT_EQ(e.code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(e.offset, 14u);
  e = body_error<std::unordered_map<std::string, std::int32_t>>(body);
  EXPECT_EQ(e.code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(e.offset, 14u);
  // Compressed: {3: 0, 3: 0} -> 02 06 00 06 00; second key at 7 + 3.
  e = body_error<std::map<std::int32_t, std::int32_t>>({0x02, 0x06, 0x00, 0x06, 0x00}, true);
  EXPECT_EQ(e.code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(e.offset, 10u);
}

// Records the largest single allocation request, to prove a hostile count allocates nothing.
std::size_t g_largest_request = 0;

template <class T>
struct TrackingAllocator {
  using value_type = T;
  TrackingAllocator() = default;
  template <class U>
  TrackingAllocator(const TrackingAllocator<U>&) {}  // NOLINT: converting, like std::allocator
  T* allocate(std::size_t n) {
    if (n > g_largest_request) g_largest_request = n;
    return std::allocator<T>().allocate(n);
  }
  void deallocate(T* p, std::size_t n) { std::allocator<T>().deallocate(p, n); }
  template <class U>
  bool operator==(const TrackingAllocator<U>&) const {
    return true;
  }
};

// A 20-byte message (header + 13 bytes) whose count prefix claims `count` elements.
Bytes count_body(std::uint64_t count) {
  Bytes body;
  kiln::detail::io::Writer w(body);
  w.write_varint(count);
  w.finish();
  body.resize(13, 0x01);
  return body;
}

TEST(HostileCounts, HugeCountRejectedWithoutAllocating) {
  using TrackedVector = std::vector<std::int64_t, TrackingAllocator<std::int64_t>>;
  EXPECT_TRUE(round_trips(TrackedVector{1, -2, 3}));
  for (std::uint64_t count : {std::uint64_t{1} << 40, std::uint64_t{1} << 20, std::uint64_t{13}}) {
    for (bool compress : {false, true}) {
      g_largest_request = 0;
      Bytes message = kiln::test::message_for<TrackedVector>(count_body(count), compress);
      ASSERT_EQ(message.size(), 20u);
      kiln::Error e = kiln::test::decode_error<TrackedVector>(message);
      // Over the collection limit (2^28), or only over the bytes left (a cut message).
      EXPECT_EQ(e.code, count > (std::uint64_t{1} << 28) ? ErrorCode::kLengthTooLarge
                                                         : ErrorCode::kTruncated)
          << count;
      EXPECT_EQ(e.offset, 7u) << count;
      EXPECT_EQ(g_largest_request, 0u) << count;
    }
  }
}

TEST(HostileCounts, EveryContainerChecksItsCount) {
  const Bytes body = count_body(std::uint64_t{1} << 40);
  const Bytes modest = count_body(1000);  // under the limit, over the bytes left
  // Over the limit: kLengthTooLarge; under it but over the bytes left (a cut message): kTruncated.
  auto check = [&](kiln::Error e, const char* what) {
    EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge) << what;
    EXPECT_EQ(e.offset, 7u) << what;
  };
  auto check_cut = [&](kiln::Error e, const char* what) {
    EXPECT_EQ(e.code, ErrorCode::kTruncated) << what;
    EXPECT_EQ(e.offset, 7u) << what;
  };
  check(body_error<std::vector<std::string>>(body), "vector<string>");
  check_cut(body_error<std::vector<std::string>>(modest), "vector<string> 1000");
  check_cut(body_error<std::vector<bool>>(modest), "vector<bool>");
  check(body_error<std::list<std::int32_t>>(body), "list");
  check_cut(body_error<std::deque<std::int32_t>>(modest), "deque");
  check(body_error<std::set<std::int32_t>>(body), "set");
  check_cut(body_error<std::unordered_set<std::int32_t>>(modest), "unordered_set");
  check(body_error<std::map<std::string, std::int32_t>>(body), "map");
  check_cut(body_error<std::unordered_map<std::int32_t, std::int32_t>>(modest), "unordered_map");
  check_cut(body_error<std::vector<Point>>(modest), "vector<Point>");
}

TEST(HostileCounts, MapEntryNeedsKeyAndValueBytes) {
  // An entry of map<string, int8_t> takes at least 2 bytes (empty key, one value byte); 12 bytes
  // follow the count.
  Bytes body{0x03};
  body.resize(13, 0);
  kiln::Error e = body_error<std::map<std::string, std::int8_t>>(body);
  EXPECT_GT(e.offset, 7u) << "3 entries x 2 bytes fit in 12 bytes: " << e.message();
  body[0] = 0x07;  // 7 x 2 > 12
  e = body_error<std::map<std::string, std::int8_t>>(body);
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 7u);
}

TEST(HostileCounts, CountWithinBytesButElementsTruncated) {
  // Four int64 claimed, four bytes left: the count is plausible (compressed elements can be one
  // byte each), the fixed-width elements are not there.
  kiln::Error e = body_error<std::vector<std::int64_t>>({0x04, 0, 0, 0, 0});
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 8u);
  auto ok = kiln::Codec().deserialize<std::vector<std::int64_t>>(
      kiln::test::message_for<std::vector<std::int64_t>>({0x04, 0x02, 0x01, 0x00, 0x04}, true));
  ASSERT_TRUE(ok.ok()) << ok.error().message();
  EXPECT_EQ(*ok, (std::vector<std::int64_t>{1, -1, 0, 2}));
}

TEST(HostileCounts, ConfiguredCollectionLimit) {
  kiln::Options options;
  options.limits.max_collection_length = 3;
  EXPECT_TRUE(round_trips(std::vector<std::int32_t>{1, 2, 3}, options));
  Bytes message = kiln::Codec(options).serialize(std::vector<std::int32_t>{1, 2, 3, 4}).value();
  kiln::Error e = kiln::test::decode_error<std::vector<std::int32_t>>(message, options);
  EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(e.offset, 7u);
  message = kiln::Codec(options)
                .serialize(std::map<std::int32_t, std::int32_t>{{1, 1}, {2, 2}, {3, 3}, {4, 4}})
                .value();
  e = kiln::test::decode_error<std::map<std::int32_t, std::int32_t>>(message, options);
  EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge);
}

}  // namespace
