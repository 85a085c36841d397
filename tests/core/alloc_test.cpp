// Forged lengths fail before the decoder allocates: a global operator new that counts what is
// allocated while a decode runs (native and wasm).
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <string>
#include <tuple>
#include <vector>

#include "test_util.hpp"
#include "workloads.hpp"

namespace {

struct Counter {
  bool on = false;
  std::size_t bytes = 0;
  std::size_t largest = 0;
};
Counter counter;

// Runs f() with counting on and returns what it allocated.
template <class F>
Counter counted(F&& f) {
  counter = Counter{true, 0, 0};
  f();
  Counter c = counter;
  counter.on = false;
  return c;
}

}  // namespace

// Not inlined: g++ would otherwise see free() on memory from operator new at the call sites
// and warn (-Wmismatched-new-delete), not knowing both are these replacements.
[[gnu::noinline]] void* operator new(std::size_t n) {
  if (counter.on) {
    counter.bytes += n;
    if (n > counter.largest) counter.largest = n;
  }
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void* operator new[](std::size_t n) {
  return ::operator new(n);
}
[[gnu::noinline]] void operator delete(void* p) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}

namespace {

using kiln::ErrorCode;
using kiln::test::Bytes;

TEST(Allocation, TheCounterSeesTheDecodersAllocations) {
  // Without this the tests below could pass with a counter that counts nothing.
  Bytes m = kiln::Codec().serialize(std::string(100000, 'x')).value();
  std::string s;
  Counter c = counted([&] { EXPECT_TRUE(kiln::Codec().deserialize_into(m, s).ok()); });
  EXPECT_GE(c.bytes, 100000u);
  EXPECT_GE(c.largest, 100000u);
}

TEST(Allocation, A12ByteMessageClaimingA4GBStringFailsWithoutAllocating) {
  // Header (7 bytes), then a 5-byte varint of 2^32 as the string's length.
  Bytes m = kiln::Codec().serialize(std::string()).value();
  m.resize(kiln::detail::wire::kHeaderBytes);
  for (std::uint8_t b : {0x80, 0x80, 0x80, 0x80, 0x10}) m.push_back(b);
  ASSERT_EQ(m.size(), 12u);
  kiln::Options unlimited;  // so that only the bytes left can stop it
  unlimited.limits.max_string_bytes = static_cast<std::size_t>(-1);
  unlimited.limits.max_alloc_bytes = static_cast<std::size_t>(-1);
  for (const kiln::Options& options : {kiln::Options{}, unlimited}) {
    std::string s;
    kiln::Status st;
    Counter c = counted([&] { st = kiln::Codec(options).deserialize_into(m, s); });
    ASSERT_FALSE(st.ok());
    // Over the default 1 GiB limit; without a limit, more than the bytes left: a cut message.
    EXPECT_EQ(st.error().code,
              std::uint64_t{options.limits.max_string_bytes} < (std::uint64_t{1} << 32)
                  ? ErrorCode::kLengthTooLarge
                  : ErrorCode::kTruncated);
    EXPECT_EQ(st.error().offset, 7u);
    EXPECT_NE(st.error().detail.find("4294967296"), std::string::npos) << st.error().message();
    // Only the error's text is allocated.
    EXPECT_LT(c.largest, 256u);
    EXPECT_LT(c.bytes, 1024u);
  }
}

TEST(Allocation, AForgedStringLengthInsideAStructAllocatesNothingLarge) {
  Bytes m = kiln::Codec().serialize(kiln::workloads::make_record()).value();
  // Record: header, f1 (4 bytes), then f2's length at byte 11.
  m.resize(11);
  for (std::uint8_t b : {0xff, 0xff, 0xff, 0xff, 0x0f}) m.push_back(b);
  kiln::workloads::Record r{};
  kiln::Status st;
  Counter c = counted([&] { st = kiln::Codec().deserialize_into(m, r); });
  EXPECT_EQ(st.error().code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(st.error().offset, 11u);
  EXPECT_LT(c.largest, 256u);
}

TEST(Allocation, AFloodOfEmptyElementsFailsWithoutAllocating) {
  // 12 bytes claiming 2^28 - 1 elements of std::tuple<> (no wire bytes each).
  using Units = std::vector<std::tuple<>>;
  Bytes m = kiln::Codec().serialize(Units{}).value();
  m.resize(kiln::detail::wire::kHeaderBytes);
  for (std::uint8_t b : {0xff, 0xff, 0xff, 0x7f}) m.push_back(b);
  Units v;
  kiln::Status st;
  Counter c = counted([&] { st = kiln::Codec().deserialize_into(m, v); });
  EXPECT_EQ(st.error().code, ErrorCode::kAllocationLimit);
  EXPECT_EQ(st.error().offset, 7u);
  EXPECT_LT(c.largest, 256u);
  EXPECT_LT(c.bytes, 1024u);
  EXPECT_TRUE(v.empty());
}

}  // namespace
