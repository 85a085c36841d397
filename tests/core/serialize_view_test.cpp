// serialize_view writes a root type without pointers straight into the codec's buffer, without a
// Writer: a bounded one (a flat struct) after growing the buffer to its size limit, any other
// (strings, containers) checking for room as it goes and taking the Writer's way when the buffer
// is too short. Its bytes must be serialize's under every combination of options, into an empty
// buffer, a grown one, one left longer by a bigger message, and one too short by far.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "kiln/kiln.hpp"
#include "mixed_value.hpp"
#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using kiln::test::Bytes;
using kiln::test::describe;
using kiln::test::every_option_set;

enum class Color : std::uint8_t { kRed = 1, kBlue = 7 };

// Every kind of field a bounded type can have.
struct Flat {
  bool on;
  Color color;
  std::array<std::int64_t, 3> big;
  std::optional<double> maybe;
  std::variant<std::int32_t, float> either;
  char16_t c;
  std::uint32_t last;
  bool operator==(const Flat&) const = default;
};

template <class T>
Bytes view_bytes(kiln::Codec& codec, const T& value) {
  std::span<const std::uint8_t> v = codec.serialize_view(value).value();
  return Bytes(v.begin(), v.end());
}

template <class T>
void expect_view_is_serialize(const T& value) {
  for (const kiln::Options& o : every_option_set()) {
    kiln::Codec codec(o);
    const Bytes want = codec.serialize(value).value();
    ASSERT_FALSE(want.empty()) << describe(o);

    kiln::Codec view(o);
    EXPECT_EQ(view_bytes(view, value), want) << describe(o) << ": into an empty buffer";
    EXPECT_EQ(view_bytes(view, value), want) << describe(o) << ": into the grown buffer";
    ASSERT_FALSE(view_bytes(view, kiln::workloads::make_foo()).empty());
    EXPECT_EQ(view_bytes(view, value), want) << describe(o) << ": after a bigger message";
    kiln::Codec small(o);
    ASSERT_FALSE(view_bytes(small, std::string("x")).empty());
    EXPECT_EQ(view_bytes(small, value), want) << describe(o) << ": after a 1-character string";

    T back{};
    kiln::Status s = codec.deserialize_into(view.serialize_view(value).value(), back);
    ASSERT_TRUE(s.ok()) << describe(o) << ": " << s.error().message();
    EXPECT_TRUE(kiln::test::same_value(value, back)) << describe(o);
  }
}

TEST(SerializeView, FlatStructIsSerializeUnderEveryOptionSet) {
  expect_view_is_serialize(kiln::workloads::make_struct());
}

TEST(SerializeView, EveryBoundedFieldKindIsSerializeUnderEveryOptionSet) {
  expect_view_is_serialize(Flat{true, Color::kBlue, {-1, 1LL << 62, 300}, 2.5, 1.5f, u'\u00e9', 0});
  expect_view_is_serialize(Flat{false, Color::kRed, {}, std::nullopt, -7, 0, 0xffffffffu});
}

TEST(SerializeView, BoundedRootsThatAreNotStructs) {
  expect_view_is_serialize(std::int64_t{-123456789});
  expect_view_is_serialize(std::array<float, 4>{1, 2, 3, 4});
  expect_view_is_serialize(std::optional<std::uint32_t>{99});
}

static_assert(kiln::writes_checked<kiln::test::Mixed, kiln::CompressedMode>);
static_assert(kiln::writes_checked<kiln::workloads::Record, kiln::FixedMode>);
// Parts whose writers keep state in the Writer: such roots are written the Writer's way.
static_assert(!kiln::writes_checked<kiln::Value, kiln::FixedMode>);
static_assert(!kiln::writes_checked<std::vector<std::unique_ptr<int>>, kiln::FixedMode>);

TEST(SerializeView, WorkloadsWithStringsAndContainersAreSerializeUnderEveryOptionSet) {
  expect_view_is_serialize(kiln::workloads::make_record());
  expect_view_is_serialize(kiln::workloads::make_foo());
  expect_view_is_serialize(std::vector<kiln::workloads::Foo>(3, kiln::workloads::make_foo()));
}

TEST(SerializeView, EveryUnboundedPartKindIsSerializeUnderEveryOptionSet) {
  expect_view_is_serialize(kiln::test::make_mixed());
  expect_view_is_serialize(kiln::test::Mixed{});
  kiln::test::Mixed other = kiln::test::make_mixed();
  other.either = 7;
  expect_view_is_serialize(other);
}

TEST(SerializeView, UnboundedRootsThatAreNotStructs) {
  expect_view_is_serialize(std::string());
  expect_view_is_serialize(std::string(1000, 's'));
  expect_view_is_serialize(std::vector<std::string>{"a", "", std::string(33, 'c')});
  expect_view_is_serialize(std::map<std::string, std::int64_t>{{"k1", -1}, {"k2", 1LL << 50}});
  expect_view_is_serialize(std::optional<std::string>("maybe"));
}

// A message far bigger than the buffer left by the one before it runs out of room part of the way
// through (inside a container, inside a string): the Writer's way then writes it from the start.
TEST(SerializeView, MessageOutgrowingTheBufferPartWayIsWrittenFromTheStart) {
  for (bool compress : {false, true}) {
    kiln::Codec codec({.compress_numbers = compress});
    std::vector<std::string> big;
    for (int i = 0; i < 3000; ++i)
      big.push_back(std::string(static_cast<std::size_t>(i % 50), 'a' + i % 26));
    const Bytes want = codec.serialize(big).value();
    ASSERT_FALSE(view_bytes(codec, std::vector<std::string>{"small"}).empty());
    EXPECT_EQ(view_bytes(codec, big), want);
    EXPECT_EQ(view_bytes(codec, big), want) << "into the grown buffer";
    std::vector<std::string> back;
    ASSERT_TRUE(codec.deserialize_into(codec.serialize_view(big).value(), back).ok());
    EXPECT_EQ(back, big);
  }
}

// The exact bytes of the smallest view: the 3-byte header without a fingerprint, then the body.
TEST(SerializeView, ShortHeaderThenBodyBytes) {
  kiln::Codec codec({.compress_numbers = true, .fingerprint = false});
  EXPECT_EQ(
      view_bytes(codec, std::int32_t{-2}),
      (Bytes{kiln::detail::wire::kMagic, kiln::detail::wire::kVersion,
             kiln::detail::wire::kFlagCompressNumbers | kiln::detail::wire::kFlagNoFingerprint,
             0x03}));
  kiln::Codec bare({.header = false});
  EXPECT_EQ(view_bytes(bare, std::uint16_t{0x0102}), (Bytes{0x02, 0x01}));
}

}  // namespace
