// Messages without a header (Options::header = false, docs/FORMAT.md 3.2): the body alone, read
// with the writer's options. Same bytes as the body of a message with a header, same errors at
// offsets shifted by the header's length, and the reader's options decide how to read.
#include <gtest/gtest.h>

#include "test_class.hpp"
#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using kiln::Codec;
using kiln::ErrorCode;
using kiln::Options;
using kiln::test::Bytes;
using namespace kiln::workloads;

Options headerless(Options o) {
  o.header = false;
  return o;
}

// The options a message can be written with, each of which a headerless reader must be given.
std::vector<Options> writer_options() {
  std::vector<Options> all;
  for (bool compress : {false, true})
    for (bool track : {false, true})
      for (bool compatible : {false, true})
        all.push_back({.compress_numbers = compress,
                       .track_references = track,
                       .share_strings = track,
                       .compatible = compatible});
  return all;
}

template <class T>
void expect_body_of_headered_message(const T& value) {
  for (const Options& o : writer_options()) {
    if (o.compatible && !kiln::detail::evolve::Schema<T>::ok)
      continue;  // refused, see evolution_test
    const Bytes with = Codec(o).serialize(value).value();
    const Bytes without = Codec(headerless(o)).serialize(value).value();
    ASSERT_GE(with.size(), kiln::detail::wire::kHeaderBytes);
    EXPECT_EQ(without, Bytes(with.begin() + kiln::detail::wire::header_bytes(with[2]), with.end()))
        << "compress " << o.compress_numbers << " track " << o.track_references << " compatible "
        << o.compatible;
    T back{};
    auto st = Codec(headerless(o)).deserialize_into(without, back);
    ASSERT_TRUE(st.ok()) << st.error().message();
    EXPECT_EQ(back, value);
  }
}

TEST(Headerless, BodyIsTheMessageWithoutItsHeader) {
  expect_body_of_headered_message(make_struct());
  expect_body_of_headered_message(make_foo());
  expect_body_of_headered_message(make_record());
  expect_body_of_headered_message(TestClass::make());
}

TEST(Headerless, RecordIsItsTwentyFiveByteBody) {
  // f1 = 10 (zigzag 0x14); "abc"; two strings; two map entries: no magic, version or flags.
  const Bytes m =
      Codec({.compress_numbers = true, .header = false}).serialize(make_record()).value();
  ASSERT_EQ(m.size(), 25u) << kiln::test::hex(m);
  EXPECT_EQ(Bytes(m.begin(), m.begin() + 5), (Bytes{0x14, 0x03, 'a', 'b', 'c'}));
}

TEST(Headerless, GraphKeepsIdentity) {
  const Options o = headerless({.track_references = true, .share_strings = true});
  const Bytes m = Codec(o).serialize(TestClass::make()).value();
  TestClass back;
  auto st = Codec(o).deserialize_into(m, back);
  ASSERT_TRUE(st.ok()) << st.error().message();
  EXPECT_EQ(back, TestClass::make());
  EXPECT_TRUE(back.shares_object());
}

TEST(Headerless, EmptyRootIsZeroBytes) {
  struct Empty {
    bool operator==(const Empty&) const = default;
  };
  const Codec codec({.header = false});
  EXPECT_TRUE(codec.serialize(Empty{}).value().empty());
  Bytes out{1, 2};
  ASSERT_TRUE(codec.serialize_into(Empty{}, out).ok());
  EXPECT_EQ(out, (Bytes{1, 2}));
  EXPECT_TRUE(codec.deserialize<Empty>(Bytes{}).ok());
  auto extra = codec.deserialize<Empty>(Bytes{0});
  ASSERT_FALSE(extra.ok());
  EXPECT_EQ(extra.error().code, ErrorCode::kTrailingBytes);
}

// Every truncation and every single-bit flip of the body gets the verdict of the same body
// behind a 3-byte header: same code, offset 3 less; on success the same value.
template <class T>
void expect_errors_of_headered_message(const T& value, Options o) {
  o.fingerprint = false;
  const Bytes with = Codec(o).serialize(value).value();
  const std::size_t head = kiln::detail::wire::kShortHeaderBytes;
  const Bytes body(with.begin() + head, with.end());
  const Codec bare(headerless(o));
  const Codec headered;
  auto compare = [&](const Bytes& mutated, const std::string& where) {
    Bytes framed(with.begin(), with.begin() + head);
    framed.insert(framed.end(), mutated.begin(), mutated.end());
    T a{}, b{};
    auto sa = bare.deserialize_into(mutated, a);
    auto sb = headered.deserialize_into(framed, b);
    ASSERT_EQ(sa.ok(), sb.ok()) << where;
    if (!sa.ok()) {
      EXPECT_EQ(sa.error().code, sb.error().code) << where << ": " << sa.error().message();
      EXPECT_EQ(sa.error().offset + head, sb.error().offset)
          << where << ": " << sa.error().message();
      EXPECT_EQ(sa.error().detail, sb.error().detail) << where;
    } else {
      EXPECT_EQ(a, b) << where;
    }
  };
  for (std::size_t n = 0; n < body.size(); ++n)
    compare(Bytes(body.begin(), body.begin() + n), "truncated to " + std::to_string(n));
  for (std::size_t i = 0; i < body.size(); ++i)
    for (int bit = 0; bit < 8; ++bit) {
      Bytes bad = body;
      bad[i] ^= static_cast<std::uint8_t>(1u << bit);
      compare(bad, "byte " + std::to_string(i) + " bit " + std::to_string(bit));
    }
}

TEST(Headerless, ErrorsAreThoseOfTheHeaderedMessageShifted) {
  for (bool compress : {false, true}) {
    expect_errors_of_headered_message(make_record(), {.compress_numbers = compress});
    expect_errors_of_headered_message(make_foo(), {.compress_numbers = compress});
    expect_errors_of_headered_message(make_struct(), {.compress_numbers = compress});
  }
  expect_errors_of_headered_message(TestClass::make(),
                                    {.track_references = true, .share_strings = true});
  expect_errors_of_headered_message(make_record(), {.compatible = true});
}

TEST(Headerless, TheReadersOptionsDecide) {
  const Bytes compressed =
      Codec({.compress_numbers = true, .header = false}).serialize(make_struct()).value();
  // Read as fixed-width numbers the 51 bytes run out before Struct's 72.
  auto fixed = Codec({.header = false}).deserialize<Struct>(compressed);
  ASSERT_FALSE(fixed.ok());
  EXPECT_EQ(fixed.error().code, ErrorCode::kTruncated);
  EXPECT_LE(fixed.error().offset, compressed.size());
  // A message with a header, given to a reader that expects none, is not taken for one.
  const Bytes framed = Codec({.compress_numbers = true}).serialize(make_record()).value();
  EXPECT_FALSE(Codec({.compress_numbers = true, .header = false}).deserialize<Record>(framed).ok());
  // Nor is a headerless message given to a reader that expects a header.
  const Bytes bare =
      Codec({.compress_numbers = true, .header = false}).serialize(make_record()).value();
  auto e = Codec().deserialize<Record>(bare);
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().code, ErrorCode::kBadMagic);
  EXPECT_EQ(e.error().offset, 0u);
  // A compatible message's type table is read only by a reader told to expect it.
  const Bytes table = Codec({.compatible = true, .header = false}).serialize(make_record()).value();
  EXPECT_TRUE(Codec({.compatible = true, .header = false}).deserialize<Record>(table).ok());
  EXPECT_FALSE(Codec({.header = false}).deserialize<Record>(table).ok());
}

}  // namespace
