// The per-message allocation budget (Limits::max_alloc_bytes): elements with no wire bytes,
// the budget derived from the input length, explicit budgets, and what is charged.
#include <gtest/gtest.h>

#include <array>
#include <deque>
#include <list>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "test_util.hpp"

namespace {

using kiln::ErrorCode;
using kiln::Limits;
using kiln::test::Bytes;

struct Empty {
  bool operator==(const Empty&) const = default;
};

// A message of type T whose payload is `payload`.
template <class T>
Bytes message(const Bytes& payload) {
  Bytes m = kiln::Codec().serialize(T{}).value();
  m.resize(kiln::detail::wire::kHeaderBytes);
  m.insert(m.end(), payload.begin(), payload.end());
  return m;
}

Bytes varint(std::uint64_t v) {  // the core's own encoder
  std::uint8_t buf[kiln::detail::io::kMaxVarint64];
  return Bytes(buf, kiln::detail::io::put_varint(buf, v));
}

template <class T>
kiln::Error decode_error(const Bytes& m, kiln::Options options = {}) {
  T v{};
  kiln::Status s = kiln::Codec(options).deserialize_into(m, v);
  EXPECT_FALSE(s.ok());
  return s.ok() ? kiln::Error{} : s.error();
}

kiln::Options budget(std::size_t bytes) {
  kiln::Options o;
  o.limits.max_alloc_bytes = bytes;
  return o;
}

TEST(AllocBudget, DerivedFromTheInputLength) {
  Limits limits;
  EXPECT_EQ(limits.alloc_budget(0), Limits::kAllocBase);
  EXPECT_EQ(limits.alloc_budget(1000), 1000 * Limits::kAllocPerInputByte + Limits::kAllocBase);
  EXPECT_EQ(limits.alloc_budget(static_cast<std::size_t>(-1) / 2), static_cast<std::size_t>(-1));
  limits.max_alloc_bytes = 5;
  EXPECT_EQ(limits.alloc_budget(1000), 5u);
}

// A few bytes claiming 2^28 - 1 elements that take no wire bytes: within the collection limit
// and the remaining input, so only the budget stops the allocation.
template <class T>
void expect_flood_rejected(const char* what) {
  Bytes m = message<T>(varint((std::uint64_t{1} << 28) - 1));
  kiln::Error e = decode_error<T>(m);
  EXPECT_EQ(e.code, ErrorCode::kAllocationLimit) << what << ": " << e.message();
  EXPECT_EQ(e.offset, kiln::detail::wire::kHeaderBytes) << what;
  EXPECT_NE(e.message().find("allocation budget"), std::string::npos) << e.message();
  EXPECT_NE(e.message().find("268435455"), std::string::npos) << e.message();
}

TEST(AllocBudget, FloodsOfElementsWithNoWireBytesAreRejected) {
  expect_flood_rejected<std::vector<std::tuple<>>>("vector<tuple<>>");
  expect_flood_rejected<std::vector<Empty>>("vector<Empty>");
  expect_flood_rejected<std::vector<std::array<std::int64_t, 0>>>("vector<array<int64, 0>>");
  expect_flood_rejected<std::list<std::tuple<>>>("list<tuple<>>");
  expect_flood_rejected<std::deque<Empty>>("deque<Empty>");
  expect_flood_rejected<std::vector<std::array<Empty, 4>>>("vector<array<Empty, 4>>");
}

TEST(AllocBudget, ModestCountsOfEmptyElementsDecode) {
  // 1000 elements of one byte each: well inside the base budget.
  Bytes m = message<std::vector<std::tuple<>>>(varint(1000));
  auto r = kiln::Codec().deserialize<std::vector<std::tuple<>>>(m);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r.value().size(), 1000u);
  // The same count fails under a budget smaller than the vector.
  kiln::Error e = decode_error<std::vector<std::tuple<>>>(m, budget(999));
  EXPECT_EQ(e.code, ErrorCode::kAllocationLimit);
  EXPECT_EQ(e.offset, 7u);
  EXPECT_TRUE(kiln::Codec(budget(1000)).deserialize<std::vector<std::tuple<>>>(m).ok());
}

TEST(AllocBudget, ChargesAddUpOverTheMessage) {
  using Pair = std::tuple<std::vector<std::int32_t>, std::vector<std::int32_t>>;
  Pair v{std::vector<std::int32_t>(8, 1), std::vector<std::int32_t>(3, 2)};
  Bytes m = kiln::Codec().serialize(v).value();
  // 8 x 4 + 3 x 4 = 44 bytes of storage.
  EXPECT_TRUE(kiln::Codec(budget(44)).deserialize<Pair>(m).ok());
  kiln::Error e = decode_error<Pair>(m, budget(43));
  EXPECT_EQ(e.code, ErrorCode::kAllocationLimit);
  EXPECT_EQ(e.offset, 7u + 1 + 8 * 4);  // the second vector's count
  EXPECT_NE(e.message().find("3 x 4 bytes exceeds the 11 bytes left"), std::string::npos)
      << e.message();
}

TEST(AllocBudget, StringsAreChargedTheirLength) {
  Bytes m = kiln::Codec().serialize(std::string(50, 'x')).value();
  EXPECT_TRUE(kiln::Codec(budget(50)).deserialize<std::string>(m).ok());
  kiln::Error e = decode_error<std::string>(m, budget(49));
  EXPECT_EQ(e.code, ErrorCode::kAllocationLimit);
  EXPECT_EQ(e.offset, 7u);
}

TEST(AllocBudget, NodeContainersAreChargedTheirLinks) {
  const std::size_t node = 1 + 32;  // the element's storage and a node's links, on every platform
  Bytes m = kiln::Codec().serialize(std::set<std::int8_t>{1, 2, 3}).value();
  EXPECT_TRUE(kiln::Codec(budget(3 * node)).deserialize<std::set<std::int8_t>>(m).ok());
  EXPECT_EQ(decode_error<std::set<std::int8_t>>(m, budget(3 * node - 1)).code,
            ErrorCode::kAllocationLimit);
}

TEST(AllocBudget, TheDefaultBudgetAdmitsOrdinaryMessages) {
  // Empty strings and empty vectors are the densest ordinary encodings: one byte each for an
  // element of 24-32 bytes.
  std::vector<std::string> strings(100000);
  std::vector<std::vector<std::int32_t>> vectors(100000);
  kiln::Codec codec;
  EXPECT_TRUE(codec.deserialize<std::vector<std::string>>(codec.serialize(strings).value()).ok());
  EXPECT_TRUE(
      codec.deserialize<std::vector<std::vector<std::int32_t>>>(codec.serialize(vectors).value())
          .ok());
}

}  // namespace
