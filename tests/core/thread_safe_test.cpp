// The thread-safe facades used from one thread (this suite also runs in the wasm build, which
// has no threads): the same bytes and values as the plain codec, per-facade options, state
// reuse, leases and the pool's overflow path. Concurrency is tested in tests/threads/.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using kiln::Codec;
using kiln::ErrorCode;
using kiln::Options;
using kiln::PooledCodec;
using kiln::ThreadLocalCodec;
using kiln::test::Bytes;
using kiln::test::hex;
using kiln::test::options_for;
using kiln::workloads::Foo;
using kiln::workloads::Record;
using kiln::workloads::Struct;

bool same_bytes(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

// Every API call of `facade` agrees with a plain Codec built with the same options.
template <class Facade, class T>
::testing::AssertionResult matches_plain(const Facade& facade, const T& value) {
  Codec plain(facade.options());
  Bytes expected = plain.serialize(value).value();

  Bytes bytes = facade.serialize(value).value();
  if (bytes != expected)
    return ::testing::AssertionFailure()
           << "serialize wrote " << hex(bytes) << ", plain codec " << hex(expected);
  Bytes appended{0xAA};
  if (kiln::Status s = facade.serialize_into(value, appended); !s)
    return ::testing::AssertionFailure() << "serialize_into: " << s.error().message();
  if (appended.size() != expected.size() + 1 || appended[0] != 0xAA ||
      !std::equal(expected.begin(), expected.end(), appended.begin() + 1))
    return ::testing::AssertionFailure() << "serialize_into wrote " << hex(appended);

  kiln::Result<T> back = facade.template deserialize<T>(bytes);
  if (!back) return ::testing::AssertionFailure() << "deserialize: " << back.error().message();
  if (!kiln::test::same_value(*back, value))
    return ::testing::AssertionFailure() << "deserialize returned a different value";
  T into{};
  kiln::Status s = facade.deserialize_into(bytes, into);
  if (!s) return ::testing::AssertionFailure() << "deserialize_into: " << s.error().message();
  if (!kiln::test::same_value(into, value))
    return ::testing::AssertionFailure() << "deserialize_into wrote a different value";
  return ::testing::AssertionSuccess();
}

template <class Facade>
void check_workloads(const Facade& facade) {
  EXPECT_TRUE(matches_plain(facade, kiln::workloads::make_struct()));
  EXPECT_TRUE(matches_plain(facade, kiln::workloads::make_foo()));
  EXPECT_TRUE(matches_plain(facade, kiln::workloads::make_record()));
  EXPECT_TRUE(matches_plain(facade, std::vector<std::string>{"a", "", "\xC3\xA9t\xC3\xA9"}));
}

TEST(ThreadLocalCodec, MatchesPlainCodecInBothNumberModes) {
  for (bool compress : {false, true}) {
    ThreadLocalCodec facade(options_for(compress));
    EXPECT_EQ(facade.options().compress_numbers, compress);
    check_workloads(facade);
  }
}

TEST(PooledCodec, MatchesPlainCodecInBothNumberModes) {
  for (bool compress : {false, true}) {
    PooledCodec facade(options_for(compress));
    EXPECT_EQ(facade.options().compress_numbers, compress);
    EXPECT_GE(facade.size(), 16u);
    check_workloads(facade);
  }
}

template <class Facade>
void check_prototype_limits() {
  Options options = options_for(true);
  options.limits.max_string_bytes = 2;
  Facade facade{Codec(options)};
  EXPECT_EQ(facade.options().limits.max_string_bytes, 2u);
  facade.with_codec([](Codec& c) { EXPECT_EQ(c.options().limits.max_string_bytes, 2u); });
  // The prototype's limit applies: Record's 3-byte f2 is rejected, as by the plain codec.
  Bytes bytes = Codec(options_for(true)).serialize(kiln::workloads::make_record()).value();
  kiln::Error plain = kiln::test::decode_error<Record>(bytes, options);
  ASSERT_NE(plain.code, ErrorCode::kOk);
  kiln::Result<Record> back = facade.template deserialize<Record>(bytes);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().code, plain.code);
  EXPECT_EQ(back.error().message(), plain.message());
}

TEST(ThreadLocalCodec, CopiesAPrototypeCodec) {
  check_prototype_limits<ThreadLocalCodec>();
}
TEST(PooledCodec, CopiesAPrototypeCodec) {
  check_prototype_limits<PooledCodec>();
}

TEST(ThreadLocalCodec, KeepsOneCodecPerThreadAndFacade) {
  ThreadLocalCodec a(options_for(false));
  ThreadLocalCodec b(options_for(true));
  Codec& ca = a.local();
  Codec& cb = b.local();
  EXPECT_NE(&ca, &cb);
  Struct s = kiln::workloads::make_struct();
  // Alternating between facades switches codecs and keeps each facade's options.
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(&a.local(), &ca);
    EXPECT_EQ(a.serialize(s).value(), Codec(options_for(false)).serialize(s).value());
    EXPECT_EQ(&b.local(), &cb);
    EXPECT_EQ(b.serialize(s).value(), Codec(options_for(true)).serialize(s).value());
  }
  int calls = 0;
  a.with_codec([&](Codec& c) {
    EXPECT_EQ(&c, &ca);
    ++calls;
  });
  EXPECT_EQ(calls, 1);
}

TEST(ThreadLocalCodec, NewFacadesNeverSeeAnEarlierFacadesState) {
  // Facades created and destroyed in turn, often at the same address, alternating options: each
  // must use its own options, never a cached codec of a destroyed predecessor.
  Struct s = kiln::workloads::make_struct();
  const Bytes fixed = Codec(options_for(false)).serialize(s).value();
  const Bytes compressed = Codec(options_for(true)).serialize(s).value();
  ASSERT_NE(fixed, compressed);
  for (int i = 0; i < 50; ++i) {
    bool compress = i % 2 == 1;
    auto facade = std::make_unique<ThreadLocalCodec>(options_for(compress));
    ASSERT_EQ(facade->serialize(s).value(), compress ? compressed : fixed) << "iteration " << i;
    std::optional<ThreadLocalCodec> inline_facade(std::in_place, options_for(!compress));
    ASSERT_EQ(inline_facade->serialize(s).value(), compress ? fixed : compressed)
        << "iteration " << i;
  }
}

TEST(ThreadLocalCodec, SerializeViewIsStableUntilTheNextView) {
  ThreadLocalCodec facade;
  Struct s = kiln::workloads::make_struct();
  Foo foo = kiln::workloads::make_foo();
  const Bytes expected = Codec().serialize(s).value();
  std::span<const std::uint8_t> view = facade.serialize_view(s).value();
  EXPECT_TRUE(same_bytes(view, expected)) << hex(view);
  // Other calls on the facade leave the view alone.
  Bytes foo_bytes = facade.serialize(foo).value();
  EXPECT_TRUE(facade.deserialize<Foo>(foo_bytes).ok());
  EXPECT_TRUE(same_bytes(view, expected)) << hex(view);
  EXPECT_TRUE(same_bytes(facade.serialize_view(foo).value(), foo_bytes));
}

TEST(ThreadLocalCodec, ReportsDecodeErrorsLikeThePlainCodec) {
  ThreadLocalCodec facade;
  Bytes bytes = facade.serialize(kiln::workloads::make_struct()).value();
  bytes.pop_back();
  kiln::Error plain = kiln::test::decode_error<Struct>(bytes);
  kiln::Result<Struct> back = facade.deserialize<Struct>(bytes);
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().code, plain.code);
  EXPECT_EQ(back.error().message(), plain.message());
  // The schema check still applies: a Struct message is not a Foo.
  bytes = facade.serialize(kiln::workloads::make_struct()).value();
  EXPECT_EQ(facade.deserialize<Foo>(bytes).error().code, ErrorCode::kSchemaMismatch);
}

TEST(PooledCodec, ReportsDecodeErrorsLikeThePlainCodec) {
  PooledCodec facade;
  Bytes bytes = facade.serialize(kiln::workloads::make_foo()).value();
  bytes.resize(bytes.size() / 2);
  kiln::Error plain = kiln::test::decode_error<Foo>(bytes);
  Foo out{};
  kiln::Status s = facade.deserialize_into(bytes, out);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().code, plain.code);
  EXPECT_EQ(s.error().message(), plain.message());
}

TEST(PooledCodec, ReusesSlotsAndFallsBackToAPrivateCodecWhenFull) {
  PooledCodec pool(options_for(true), 1);
  EXPECT_EQ(pool.size(), 1u);
  Codec* slot_codec = nullptr;
  {
    PooledCodec::Lease lease = pool.acquire();
    EXPECT_TRUE(lease.pooled());
    slot_codec = &*lease;
    EXPECT_TRUE(lease->options().compress_numbers);

    // The only slot is leased: further calls use a private copy of the prototype, same bytes.
    PooledCodec::Lease second = pool.acquire();
    EXPECT_FALSE(second.pooled());
    EXPECT_NE(&*second, slot_codec);
    EXPECT_TRUE(second->options().compress_numbers);
    EXPECT_TRUE(matches_plain(pool, kiln::workloads::make_foo()));
    pool.with_codec([&](Codec& c) { EXPECT_NE(&c, slot_codec); });
  }
  // Released: the slot is taken again, by a lease or by a call.
  PooledCodec::Lease again = pool.acquire();
  EXPECT_TRUE(again.pooled());
  EXPECT_EQ(&*again, slot_codec);
}

TEST(PooledCodec, WithCodecReleasesTheSlot) {
  PooledCodec pool(Options{}, 1);
  Codec* first = nullptr;
  pool.with_codec([&](Codec& c) { first = &c; });
  pool.with_codec([&](Codec& c) { EXPECT_EQ(&c, first); });
  EXPECT_TRUE(pool.acquire().pooled());
}

TEST(PooledCodec, LeaseServesSerializeView) {
  PooledCodec pool(options_for(false), 2);
  Record record = kiln::workloads::make_record();
  const Bytes expected = Codec().serialize(record).value();
  PooledCodec::Lease lease = pool.acquire();
  std::span<const std::uint8_t> view = lease->serialize_view(record).value();
  EXPECT_TRUE(same_bytes(view, expected)) << hex(view);
  // Facade calls while the lease is held use other codecs and leave the view alone.
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(matches_plain(pool, kiln::workloads::make_foo()));
  EXPECT_TRUE(same_bytes(view, expected)) << hex(view);
}

TEST(PooledCodec, SizeZeroMeansOne) {
  PooledCodec pool(Options{}, 0);
  EXPECT_EQ(pool.size(), 1u);
  EXPECT_TRUE(matches_plain(pool, kiln::workloads::make_struct()));
}

}  // namespace
