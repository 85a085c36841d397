// Zero-copy reads: std::string_view and std::span<const byte> fields decode as views into the
// message. Same bytes, same fingerprint and same verdicts as the owning types; the views point
// into the input (a shared string's repeats at its first occurrence); a type holding views is
// not decoded from a temporary vector (tests/compile_fail/dangling_view.cpp). Under ASan (the
// asan build) a view read past its message's end would be reported.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "test_util.hpp"
#include "views.hpp"

namespace {

using kiln::test::Bytes;
using kiln::test::describe;
using kiln::test::every_option_set;
using kiln::workloads::Blob;
using kiln::workloads::BlobView;
using kiln::workloads::Foo;
using kiln::workloads::FooView;
using kiln::workloads::Record;
using kiln::workloads::RecordView;

static_assert(kiln::fingerprint_of<FooView>() == kiln::fingerprint_of<Foo>());
static_assert(kiln::fingerprint_of<RecordView>() == kiln::fingerprint_of<Record>());
static_assert(kiln::fingerprint_of<BlobView>() == kiln::fingerprint_of<Blob>());
static_assert(kiln::fingerprint_of<std::span<const std::byte>>() ==
              kiln::fingerprint_of<std::vector<std::byte>>());

// What the codec knows about a type at compile time.
static_assert(kiln::detail::holds_views<FooView> && kiln::detail::holds_views<BlobView>);
static_assert(!kiln::detail::holds_views<Foo> && !kiln::detail::holds_views<Blob>);
static_assert(kiln::detail::holds_views<std::optional<std::unique_ptr<BlobView>>>);
static_assert(kiln::detail::holds_views<std::map<std::string, std::span<const char>>>);
static_assert(!kiln::detail::graph::needs_graph<BlobView>);
static_assert(kiln::detail::graph::needs_graph<std::vector<std::shared_ptr<FooView>>>);

bool inside(const void* p, std::span<const std::uint8_t> in) {
  const auto* b = static_cast<const std::uint8_t*>(p);
  return b >= in.data() && b <= in.data() + in.size();
}

TEST(Views, FooViewReadsFooMessagesInEveryOptionSet) {
  const Foo foo = kiln::workloads::make_foo();
  for (const kiln::Options& o : every_option_set()) {
    SCOPED_TRACE(describe(o));
    kiln::Codec codec(o);
    const Bytes bytes = codec.serialize(foo).value();
    kiln::Result<FooView> view = codec.deserialize<FooView>(bytes);
    ASSERT_TRUE(view) << view.error().message();
    EXPECT_TRUE(same_values(*view, foo));
    EXPECT_TRUE(inside(view->f2.data(), bytes));
    for (std::string_view s : view->f3) EXPECT_TRUE(inside(s.data(), bytes));
    for (const auto& [k, v] : view->f4) EXPECT_TRUE(inside(k.data(), bytes));
    // Written back, the views give the owning type's bytes.
    EXPECT_EQ(codec.serialize(*view).value(), bytes);
  }
}

TEST(Views, ASharedStringsRepeatsViewItsFirstOccurrence) {
  Record rec = kiln::workloads::make_record();
  rec.f2 = "same";
  rec.f3 = {"same", "other", "same"};
  kiln::Codec codec({.share_strings = true});
  const Bytes bytes = codec.serialize(rec).value();
  RecordView view{};
  ASSERT_TRUE(codec.deserialize_into(bytes, view));
  EXPECT_TRUE(same_values(view, rec));
  EXPECT_EQ(view.f3[0].data(), view.f2.data());
  EXPECT_EQ(view.f3[2].data(), view.f2.data());
  EXPECT_NE(view.f3[1].data(), view.f2.data());
  EXPECT_TRUE(inside(view.f2.data(), bytes));
}

TEST(Views, AReusedValueViewsTheNewMessageNotTheOld) {
  // The same message in two buffers: decoding the second into the value read from the first
  // must leave nothing pointing into the first (map keys equal to the old ones included).
  kiln::Codec codec;
  const Bytes first = codec.serialize(kiln::workloads::make_foo()).value();
  const Bytes second = first;
  FooView view{};
  ASSERT_TRUE(codec.deserialize_into(first, view));
  ASSERT_TRUE(codec.deserialize_into(second, view));
  EXPECT_TRUE(inside(view.f2.data(), second));
  for (std::string_view s : view.f3) EXPECT_TRUE(inside(s.data(), second));
  ASSERT_EQ(view.f4.size(), 20u);
  for (const auto& [k, v] : view.f4) EXPECT_TRUE(inside(k.data(), second)) << k;
  std::map<std::string_view, std::span<const std::uint8_t>> blobs;
  const Bytes a =
      codec.serialize(std::map<std::string, std::vector<std::uint8_t>>{{"k", {1}}}).value();
  const Bytes b = a;
  ASSERT_TRUE(codec.deserialize_into(a, blobs));
  ASSERT_TRUE(codec.deserialize_into(b, blobs));
  EXPECT_TRUE(inside(blobs.begin()->first.data(), b) && inside(blobs.begin()->second.data(), b));
}

TEST(Views, ByteSpansHaveTheVectorsBytesAndPointIntoTheInput) {
  const Blob blob{"blob", {0, 1, 2, 0xff, 0x80}, {'a', 'b', '\0', 'c'}};
  for (bool compress : {false, true}) {
    kiln::Codec codec({.compress_numbers = compress});
    const Bytes bytes = codec.serialize(blob).value();
    kiln::Result<BlobView> view = codec.deserialize<BlobView>(bytes);
    ASSERT_TRUE(view) << view.error().message();
    EXPECT_TRUE(same_values(*view, blob));
    EXPECT_TRUE(inside(view->data.data(), bytes));
    EXPECT_TRUE(inside(view->text.data(), bytes));
    EXPECT_EQ(codec.serialize(*view).value(), bytes);
    // A view, not a copy: the input's bytes show through.
    Bytes changed = bytes;
    BlobView again{};
    ASSERT_TRUE(codec.deserialize_into(changed, again));
    const std::size_t at = static_cast<std::size_t>(again.data.data() - changed.data());
    changed[at] = 42;
    EXPECT_EQ(again.data[0], 42);
    // An empty span decodes too.
    const Bytes empty = codec.serialize(Blob{}).value();
    kiln::Result<BlobView> none = codec.deserialize<BlobView>(empty);
    ASSERT_TRUE(none);
    EXPECT_TRUE(none->data.empty() && none->text.empty() && none->name.empty());
  }
}

TEST(Views, SignedBytesAndStdByteSpans) {
  const std::vector<std::int8_t> signed_bytes{-128, -1, 0, 127};
  kiln::Codec codec;
  const Bytes bytes = codec.serialize(signed_bytes).value();
  kiln::Result<std::span<const std::int8_t>> view =
      codec.deserialize<std::span<const std::int8_t>>(bytes);
  ASSERT_TRUE(view);
  EXPECT_TRUE(std::equal(view->begin(), view->end(), signed_bytes.begin(), signed_bytes.end()));
  const std::vector<std::byte> raw{std::byte{1}, std::byte{0xfe}};
  const Bytes raw_bytes = codec.serialize(raw).value();
  kiln::Result<std::span<const std::byte>> raw_view =
      codec.deserialize<std::span<const std::byte>>(raw_bytes);
  ASSERT_TRUE(raw_view);
  EXPECT_TRUE(std::equal(raw_view->begin(), raw_view->end(), raw.begin(), raw.end()));
}

// Every cut of a message and every changed byte: the viewing and the owning type give the same
// verdict (error code and offset).
template <class View, class Owning>
void same_verdicts(const kiln::Options& o, const Owning& value) {
  kiln::Codec codec(o);
  const Bytes bytes = codec.serialize(value).value();
  auto check = [&](const Bytes& in, const char* what, std::size_t i) {
    Owning owning{};
    View view{};
    kiln::Status a = codec.deserialize_into(in, owning);
    kiln::Status b = codec.deserialize_into(in, view);
    ASSERT_EQ(a.ok(), b.ok()) << what << " " << i;
    if (!a) {
      EXPECT_EQ(a.error().code, b.error().code) << what << " " << i << ": " << a.error().message();
      EXPECT_EQ(a.error().offset, b.error().offset) << what << " " << i;
    }
  };
  for (std::size_t n = 0; n < bytes.size(); ++n)
    check(Bytes(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n)), "cut at", n);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    for (std::uint8_t x : {0x00, 0x7f, 0x80, 0xc3, 0xff}) {
      Bytes changed = bytes;
      changed[i] = x;
      check(changed, "byte changed at", i);
    }
  }
}

TEST(Views, CutAndCorruptMessagesGetTheOwningTypesVerdicts) {
  for (const kiln::Options& o : every_option_set()) {
    SCOPED_TRACE(describe(o));
    same_verdicts<RecordView>(o, kiln::workloads::make_record());
    same_verdicts<BlobView>(o, Blob{"\xc3\xa9t\xc3\xa9", {1, 2, 3}, {'x', 'y'}});
  }
}

TEST(Views, BadUtf8InAViewIsRefusedAsInAString) {
  kiln::Codec codec;
  Bytes bytes = codec.serialize(Blob{"abc", {}, {}}).value();
  bytes[bytes.size() - 4] = 0xff;  // the name's second byte: "a\xffc"
  BlobView view{};
  kiln::Status s = codec.deserialize_into(bytes, view);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, kiln::ErrorCode::kBadUtf8);
  Blob owning{};
  EXPECT_EQ(codec.deserialize_into(bytes, owning).error().offset, s.error().offset);
}

TEST(Views, TheThreadSafeFacadesReadViews) {
  const Foo foo = kiln::workloads::make_foo();
  const kiln::ThreadLocalCodec local({.compress_numbers = true});
  const kiln::PooledCodec pooled({.compress_numbers = true});
  const Bytes bytes = local.serialize(foo).value();
  kiln::Result<FooView> a = local.deserialize<FooView>(bytes);
  kiln::Result<FooView> b = pooled.deserialize<FooView>(bytes);
  ASSERT_TRUE(a && b);
  EXPECT_TRUE(same_values(*a, foo) && same_values(*b, foo));
  EXPECT_TRUE(inside(b->f2.data(), bytes));
}

}  // namespace
