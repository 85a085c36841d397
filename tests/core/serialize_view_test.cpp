// serialize_view writes a root type of bounded size without pointers (a flat struct) straight
// into the codec's buffer, without a Writer. Its bytes must be serialize's under every
// combination of options, into an empty buffer, a grown one, and one left longer by a bigger
// message.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "kiln/kiln.hpp"
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
  std::span<const std::uint8_t> v = codec.serialize_view(value);
  return Bytes(v.begin(), v.end());
}

template <class T>
void expect_view_is_serialize(const T& value) {
  for (const kiln::Options& o : every_option_set()) {
    kiln::Codec codec(o);
    const Bytes want = codec.serialize(value);
    ASSERT_FALSE(want.empty()) << describe(o);

    kiln::Codec view(o);
    EXPECT_EQ(view_bytes(view, value), want) << describe(o) << ": into an empty buffer";
    EXPECT_EQ(view_bytes(view, value), want) << describe(o) << ": into the grown buffer";
    ASSERT_FALSE(view_bytes(view, kiln::workloads::make_foo()).empty());
    EXPECT_EQ(view_bytes(view, value), want) << describe(o) << ": after a bigger message";

    T back{};
    kiln::Status s = codec.deserialize_into(view.serialize_view(value), back);
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

// The exact bytes of the smallest view: the 3-byte header without a fingerprint, then the body.
TEST(SerializeView, ShortHeaderThenBodyBytes) {
  kiln::Codec codec({.compress_numbers = true, .fingerprint = false});
  EXPECT_EQ(view_bytes(codec, std::int32_t{-2}),
            (Bytes{kiln::wire::kMagic, kiln::wire::kVersion,
                   kiln::wire::kFlagCompressNumbers | kiln::wire::kFlagNoFingerprint, 0x03}));
  kiln::Codec bare({.header = false});
  EXPECT_EQ(view_bytes(bare, std::uint16_t{0x0102}), (Bytes{0x02, 0x01}));
}

}  // namespace
