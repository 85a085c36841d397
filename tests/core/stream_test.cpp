// Framed streams (docs/FORMAT.md section 11): the writers' bytes, and a reader fed the stream in
// chunks of every size gives back the frames with their stream offsets, or the stream's first
// error at the offset the format gives.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "golden_cases.hpp"
#include "kiln/kiln.hpp"
#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using kiln::Codec;
using kiln::ErrorCode;
using kiln::FrameLimits;
using kiln::FrameReader;
using kiln::Status;
using kiln::test::Bytes;
using kiln::test::hex;
using kiln::workloads::make_foo;
using kiln::workloads::make_record;
using kiln::workloads::make_struct;
using kiln::workloads::TestClass;

Bytes stream_of(const std::vector<Bytes>& messages, FrameLimits limits = {}) {
  Bytes out;
  for (const Bytes& m : messages) EXPECT_TRUE(kiln::append_frame(m, out, limits).ok());
  return out;
}

struct Read {
  std::vector<Bytes> messages;
  std::vector<std::uint64_t> offsets;
};

// Takes every complete frame; fails the test on an error.
void drain(FrameReader& reader, Read& read) {
  while (true) {
    auto frame = reader.next();
    ASSERT_TRUE(frame.ok()) << frame.error().message();
    if (!*frame) return;
    read.messages.emplace_back((*frame)->message.begin(), (*frame)->message.end());
    read.offsets.push_back((*frame)->offset);
  }
}

// Stream offsets of the messages of stream_of(messages).
std::vector<std::uint64_t> offsets_of(const std::vector<Bytes>& messages) {
  std::vector<std::uint64_t> offsets;
  std::uint64_t at = 0;
  for (const Bytes& m : messages) {
    at += kiln::detail::io::varint_size(m.size());
    offsets.push_back(at);
    at += m.size();
  }
  return offsets;
}

Bytes serialized(const auto& value, kiln::Options o = {}) {
  return Codec(o).serialize(value).value();
}

// Messages of 49, 0, 457 (a two-byte prefix) and 58 bytes.
std::vector<Bytes> sample_messages() {
  return {serialized(make_record()), Bytes{}, serialized(make_foo()),
          serialized(make_struct(), {.compress_numbers = true})};
}

kiln::Error error_of(const Status& s) {
  EXPECT_FALSE(s.ok());
  return s.error();
}
template <class T>
kiln::Error error_of(const kiln::Result<T>& r) {
  EXPECT_FALSE(r.ok());
  return r.error();
}

TEST(StreamWriter, PrefixIsTheLengthAsAVarint) {
  const std::pair<std::size_t, Bytes> cases[] = {{0, {0x00}},         {1, {0x01}},
                                                 {127, {0x7f}},       {128, {0x80, 0x01}},
                                                 {300, {0xac, 0x02}}, {16384, {0x80, 0x80, 0x01}}};
  for (const auto& [n, prefix] : cases) {
    Bytes out{0xee};  // appends after what is there
    const Bytes message(n, 0x5a);
    ASSERT_TRUE(kiln::append_frame(message, out).ok());
    ASSERT_EQ(out.size(), 1 + prefix.size() + n);
    EXPECT_EQ(out[0], 0xee);
    EXPECT_EQ(Bytes(out.begin() + 1, out.begin() + 1 + prefix.size()), prefix) << n;
    EXPECT_EQ(Bytes(out.begin() + 1 + prefix.size(), out.end()), message) << n;
  }
}

TEST(StreamWriter, CodecFrameIsTheMessageFramed) {
  for (kiln::Options o : kiln::test::every_option_set()) {
    const Codec codec(o);
    Bytes out{1, 2, 3};
    ASSERT_TRUE(kiln::append_frame(codec, make_record(), out).ok());
    ASSERT_TRUE(kiln::append_frame(codec, make_foo(), out).ok());
    ASSERT_TRUE(kiln::append_frame(codec, TestClass::make(), out).ok());
    Bytes want{1, 2, 3};
    ASSERT_TRUE(kiln::append_frame(codec.serialize(make_record()).value(), want).ok());
    ASSERT_TRUE(kiln::append_frame(codec.serialize(make_foo()).value(), want).ok());
    ASSERT_TRUE(kiln::append_frame(codec.serialize(TestClass::make()).value(), want).ok());
    EXPECT_EQ(out, want) << kiln::test::describe(o);
  }
}

TEST(StreamWriter, CodecErrorLeavesTheBufferAsItWas) {
  const Codec codec;
  Bytes out{1, 2, 3};
  auto record = make_record();
  record.f2 = "\xff";  // not UTF-8: refused by the writer
  EXPECT_EQ(error_of(kiln::append_frame(codec, record, out)).code, ErrorCode::kBadUtf8);
  EXPECT_EQ(out, (Bytes{1, 2, 3}));
}

TEST(StreamWriter, RefusesFramesOverTheLimit) {
  const FrameLimits limits{100};
  Bytes out{9};
  EXPECT_TRUE(kiln::append_frame(Bytes(100, 1), out, limits).ok());
  EXPECT_EQ(out.size(), 102u);
  kiln::Error e = error_of(kiln::append_frame(Bytes(101, 1), out, limits));
  EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(e.offset, 0u);
  EXPECT_EQ(out.size(), 102u);

  // Foo's message is 457 bytes.
  Bytes before = out;
  e = error_of(kiln::append_frame(Codec(), make_foo(), out, {456}));
  EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge) << e.message();
  EXPECT_EQ(out, before);
  EXPECT_TRUE(kiln::append_frame(Codec(), make_foo(), out, {457}).ok());

  Codec codec;
  std::ostringstream os;
  EXPECT_EQ(error_of(kiln::write_frame(codec, make_foo(), os, {456})).code,
            ErrorCode::kLengthTooLarge);
  EXPECT_TRUE(os.str().empty());
}

TEST(StreamWriter, DefaultLimitIsSixteenMebibytes) {
  EXPECT_EQ(FrameLimits{}.max_frame_bytes, 16u << 20);
  Bytes message((16u << 20) + 1, 0);
  Bytes out;
  EXPECT_EQ(error_of(kiln::append_frame(message, out)).code, ErrorCode::kLengthTooLarge);
  EXPECT_TRUE(out.empty());
  message.pop_back();
  ASSERT_TRUE(kiln::append_frame(message, out).ok());
  EXPECT_EQ(hex(std::span(out.data(), 4)), "80 80 80 08");

  FrameReader reader;  // takes exactly the largest frame the writer writes
  reader.feed(out);
  auto frame = reader.next();
  ASSERT_TRUE(frame.ok() && frame->has_value()) << frame.error().message();
  EXPECT_EQ((*frame)->message.size(), 16u << 20);
  EXPECT_EQ((*frame)->offset, 4u);
  EXPECT_TRUE(reader.finish().ok());
}

TEST(StreamReader, EmptyStream) {
  FrameReader reader;
  auto frame = reader.next();
  ASSERT_TRUE(frame.ok());
  EXPECT_FALSE(frame->has_value());
  EXPECT_TRUE(reader.finish().ok());
  EXPECT_EQ(reader.offset(), 0u);
}

TEST(StreamReader, ManyFramesInOneChunk) {
  std::vector<Bytes> messages;
  for (int i = 0; i < 200; ++i) messages.push_back(Bytes(static_cast<std::size_t>(i), i & 0xff));
  const Bytes stream = stream_of(messages);
  FrameReader reader;
  reader.feed(stream);
  Read read;
  drain(reader, read);
  EXPECT_EQ(read.messages, messages);
  EXPECT_EQ(read.offsets, offsets_of(messages));
  EXPECT_EQ(reader.offset(), stream.size());
  EXPECT_TRUE(reader.finish().ok());
}

TEST(StreamReader, SplitAtEveryByte) {
  const std::vector<Bytes> messages = sample_messages();
  const Bytes stream = stream_of(messages);
  for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
    FrameReader reader;
    Read read;
    reader.feed(std::span(stream.data(), cut));
    drain(reader, read);
    reader.feed(std::span(stream.data() + cut, stream.size() - cut));
    drain(reader, read);
    ASSERT_EQ(read.messages, messages) << "cut at " << cut;
    ASSERT_EQ(read.offsets, offsets_of(messages)) << "cut at " << cut;
    ASSERT_TRUE(reader.finish().ok()) << "cut at " << cut;
  }
}

TEST(StreamReader, OneBytePerChunk) {
  const std::vector<Bytes> messages = sample_messages();
  const Bytes stream = stream_of(messages);
  const std::vector<std::uint64_t> offsets = offsets_of(messages);
  FrameReader reader;
  Read read;
  for (std::size_t i = 0; i < stream.size(); ++i) {
    reader.feed(std::span(stream.data() + i, 1));
    const std::size_t had = read.messages.size();
    drain(reader, read);
    // A frame is returned with its last byte, not before.
    for (std::size_t f = had; f < read.messages.size(); ++f)
      EXPECT_EQ(offsets[f] + messages[f].size(), i + 1) << f;
  }
  EXPECT_EQ(read.messages, messages);
  EXPECT_EQ(read.offsets, offsets);
  EXPECT_TRUE(reader.finish().ok());
}

TEST(StreamReader, TruncatedStreamEndsAtTheFramesFirstByte) {
  // Record (49 bytes behind 31) from 0, Foo (457 bytes behind c9 03) from 50.
  const std::vector<Bytes> messages{serialized(make_record()), serialized(make_foo())};
  const Bytes stream = stream_of(messages);
  ASSERT_EQ(stream.size(), 50u + 2u + 457u);
  for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
    FrameReader reader;
    reader.feed(std::span(stream.data(), cut));
    Read read;
    drain(reader, read);
    Status end = reader.finish();
    if (cut == 0 || cut == 50 || cut == stream.size()) {
      EXPECT_TRUE(end.ok()) << cut << ": " << end.error().message();
      continue;
    }
    const std::size_t frame = cut < 50 ? 0 : 50;
    EXPECT_EQ(end.error().code, ErrorCode::kTruncated) << cut;
    EXPECT_EQ(end.error().offset, frame) << cut;
    EXPECT_EQ(reader.offset(), frame) << cut;
    EXPECT_EQ(read.messages.size(), cut < 50 ? 0u : 1u) << cut;
  }
}

TEST(StreamReader, FrameOverTheLimitFailsBeforeItsPayload) {
  const FrameLimits limits{100};
  FrameReader reader(limits);
  reader.feed(stream_of({Bytes(100, 7)}, limits));  // exactly the limit
  Read read;
  drain(reader, read);
  ASSERT_EQ(read.messages.size(), 1u);
  EXPECT_EQ(read.offsets[0], 1u);

  const Bytes prefix{0xc9, 0x01};  // 201: no payload follows
  reader.feed(std::span(prefix.data(), 1));
  auto waiting = reader.next();
  ASSERT_TRUE(waiting.ok());
  EXPECT_FALSE(waiting->has_value());
  reader.feed(std::span(prefix.data() + 1, 1));
  kiln::Error e = error_of(reader.next());
  EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(e.offset, 101u);

  // Failed for good: the payload arriving changes nothing.
  reader.feed(Bytes(201, 0));
  EXPECT_EQ(error_of(reader.next()).offset, 101u);
  EXPECT_EQ(error_of(reader.finish()).code, ErrorCode::kLengthTooLarge);

  FrameReader plain;  // the default limit, announced by a 4-byte prefix
  plain.feed(Bytes{0x81, 0x80, 0x80, 0x08});
  EXPECT_EQ(error_of(plain.next()).code, ErrorCode::kLengthTooLarge);
}

TEST(StreamReader, FramesBeforeABadPrefixAreReturnedFirst) {
  Bytes stream = stream_of({Bytes(3, 1), Bytes(4, 2)});
  stream.insert(stream.end(), {0xff, 0xff, 0xff, 0xff, 0x10, 0x01, 0x02});
  FrameReader reader;
  reader.feed(stream);
  // finish() already knows the stream's error; next() reaches it after the two frames.
  EXPECT_EQ(error_of(reader.finish()).code, ErrorCode::kVarintOverflow);
  Read read;
  for (int i = 0; i < 2; ++i) {
    auto frame = reader.next();
    ASSERT_TRUE(frame.ok() && frame->has_value());
  }
  kiln::Error e = error_of(reader.next());
  EXPECT_EQ(e.code, ErrorCode::kVarintOverflow);
  EXPECT_EQ(e.offset, 9u);
  EXPECT_EQ(error_of(reader.next()).offset, 9u);
}

TEST(StreamReader, PrefixVarintRules) {
  struct Case {
    Bytes bytes;
    std::optional<ErrorCode> error;  // none: a valid prefix, waiting for its payload
  };
  const FrameLimits unlimited{std::numeric_limits<std::size_t>::max()};
  const Case cases[] = {
      {{0xff, 0xff, 0xff, 0xff, 0x10}, ErrorCode::kVarintOverflow},  // bits beyond 32
      {{0xff, 0xff, 0xff, 0xff, 0x8f}, ErrorCode::kVarintOverflow},  // a 6th byte announced
      {{0x80, 0x80, 0x80, 0x80, 0x80}, ErrorCode::kVarintOverflow},
      {{0xff, 0xff, 0xff, 0xff, 0x0f}, std::nullopt},  // 2^32 - 1, the largest length
      {{0xff, 0xff, 0xff, 0xff}, std::nullopt},        // more prefix to come
  };
  for (const Case& c : cases) {
    FrameReader reader(unlimited);
    reader.feed(Bytes{0x00});  // an empty frame first: the bad one starts at byte 1
    auto empty = reader.next();
    ASSERT_TRUE(empty.ok() && empty->has_value());
    reader.feed(c.bytes);
    auto frame = reader.next();
    if (c.error) {
      EXPECT_EQ(error_of(frame).code, *c.error) << hex(c.bytes);
      EXPECT_EQ(frame.error().offset, 1u) << hex(c.bytes);
    } else {
      ASSERT_TRUE(frame.ok()) << hex(c.bytes) << ": " << frame.error().message();
      EXPECT_FALSE(frame->has_value());
      EXPECT_EQ(error_of(reader.finish()).code, ErrorCode::kTruncated);
      EXPECT_EQ(reader.finish().error().offset, 1u);
    }
  }
  // A non-minimal prefix is accepted (FORMAT.md 6.2): 80 00 is an empty frame.
  FrameReader reader;
  reader.feed(Bytes{0x80, 0x00, 0x82, 0x80, 0x00, 7, 8});
  Read read;
  drain(reader, read);
  EXPECT_EQ(read.messages, (std::vector<Bytes>{{}, {7, 8}}));
  EXPECT_EQ(read.offsets, (std::vector<std::uint64_t>{2, 5}));
}

TEST(StreamReader, ZeroLengthFrame) {
  Bytes stream;
  ASSERT_TRUE(kiln::append_frame(Bytes{}, stream).ok());
  EXPECT_EQ(stream, Bytes{0x00});
  FrameReader reader;
  reader.feed(stream);
  auto frame = reader.next();
  ASSERT_TRUE(frame.ok() && frame->has_value());
  EXPECT_TRUE((*frame)->message.empty());
  EXPECT_EQ((*frame)->offset, 1u);
  EXPECT_TRUE(reader.finish().ok());
  // Framing accepts it; an empty message is the codec's to judge.
  kiln::workloads::Record r;
  kiln::Error e = error_of(reader.decode(Codec(), **frame, r));
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 1u);
}

TEST(StreamReader, CorruptMessageInFrameThreeEndsTheStream) {
  const Bytes record = serialized(make_record());
  Bytes bad = record;
  bad[12] = 0xff;  // the first byte of f2 = "abc": not UTF-8
  const kiln::Error in_message = error_of(Codec().deserialize<kiln::workloads::Record>(bad));
  ASSERT_EQ(in_message.code, ErrorCode::kBadUtf8);
  ASSERT_EQ(in_message.offset, 12u);

  const Bytes stream = stream_of({record, record, bad, record});
  const Codec codec;
  FrameReader reader;
  reader.feed(stream);
  kiln::workloads::Record out;
  for (int i = 0; i < 2; ++i) {
    auto frame = reader.next();
    ASSERT_TRUE(frame.ok() && frame->has_value());
    ASSERT_TRUE(reader.decode(codec, **frame, out).ok());
    EXPECT_EQ(out, make_record());
  }
  auto third = reader.next();
  ASSERT_TRUE(third.ok() && third->has_value());
  EXPECT_EQ((*third)->offset, 2u * 50u + 1u);
  kiln::Error e = error_of(reader.decode(codec, **third, out));
  EXPECT_EQ(e.code, ErrorCode::kBadUtf8);
  EXPECT_EQ(e.offset, 101u + 12u);
  EXPECT_EQ(e.detail, in_message.detail);

  // The fourth frame is never returned: every call gives the same error.
  for (int i = 0; i < 3; ++i) {
    kiln::Error again = error_of(reader.next());
    EXPECT_EQ(again.code, ErrorCode::kBadUtf8);
    EXPECT_EQ(again.offset, 113u);
  }
  reader.feed(stream);
  EXPECT_EQ(error_of(reader.next()).offset, 113u);
  EXPECT_EQ(error_of(reader.finish()).offset, 113u);
  EXPECT_EQ(reader.offset(), 150u);
}

template <class T>
void expect_round_trip(const T& value, kiln::Options o) {
  const Codec codec(o);
  Bytes stream;
  for (int i = 0; i < 3; ++i) {
    Status s = kiln::append_frame(codec, value, stream);
    if (!s.ok() && s.error().code == ErrorCode::kUnsupportedOption) return;
    ASSERT_TRUE(s.ok()) << s.error().message();
  }
  FrameReader reader;
  T out{};  // reused for every frame
  int frames = 0;
  for (std::size_t at = 0; at < stream.size(); at += 7) {
    reader.feed(std::span(stream.data() + at, std::min<std::size_t>(7, stream.size() - at)));
    while (true) {
      auto frame = reader.next();
      ASSERT_TRUE(frame.ok()) << frame.error().message();
      if (!*frame) break;
      Status s = reader.decode(codec, **frame, out);
      ASSERT_TRUE(s.ok()) << kiln::test::describe(o) << ": " << s.error().message();
      // Without tracking, TestClass's shared object comes back as two equal ones.
      EXPECT_TRUE(o.track_references ? kiln::workloads::golden_equal(out, value) : out == value)
          << kiln::test::describe(o);
      ++frames;
    }
  }
  EXPECT_EQ(frames, 3);
  EXPECT_TRUE(reader.finish().ok());
}

TEST(Stream, WorkloadsRoundTripInEveryOptionSet) {
  for (kiln::Options o : kiln::test::every_option_set()) {
    expect_round_trip(make_struct(), o);
    expect_round_trip(make_foo(), o);
    expect_round_trip(make_record(), o);
    expect_round_trip(TestClass::make(), o);
  }
}

TEST(Stream, OstreamSinkRoundTrip) {
  Codec codec({.compress_numbers = true});
  std::ostringstream os;
  ASSERT_TRUE(kiln::write_frame(codec, make_record(), os).ok());
  ASSERT_TRUE(kiln::write_frame(codec, make_foo(), os).ok());
  ASSERT_TRUE(kiln::write_frame(codec, make_struct(), os).ok());
  const std::string written = os.str();
  const Bytes stream(written.begin(), written.end());

  Bytes want;
  ASSERT_TRUE(kiln::append_frame(codec, make_record(), want).ok());
  ASSERT_TRUE(kiln::append_frame(codec, make_foo(), want).ok());
  ASSERT_TRUE(kiln::append_frame(codec, make_struct(), want).ok());
  EXPECT_EQ(stream, want);

  FrameReader reader;
  reader.feed(stream);
  kiln::workloads::Record record;
  kiln::workloads::Foo foo;
  kiln::workloads::Struct st{};
  auto next = [&] { return **reader.next(); };
  ASSERT_TRUE(reader.decode(codec, next(), record).ok());
  ASSERT_TRUE(reader.decode(codec, next(), foo).ok());
  ASSERT_TRUE(reader.decode(codec, next(), st).ok());
  EXPECT_EQ(record, make_record());
  EXPECT_EQ(foo, make_foo());
  EXPECT_EQ(st, make_struct());
  EXPECT_TRUE(reader.finish().ok());
}

TEST(Stream, SinkFailureIsReported) {
  Codec codec;
  std::ostream broken(nullptr);  // no buffer: badbit
  kiln::Error e = error_of(kiln::write_frame(codec, make_record(), broken));
  EXPECT_EQ(e.code, ErrorCode::kTruncated);
  EXPECT_EQ(e.offset, 0u);

  struct Collect {  // any sink with write(); one without a state cannot fail
    Bytes bytes;
    void write(const char* p, std::streamsize n) { bytes.insert(bytes.end(), p, p + n); }
  } sink;
  ASSERT_TRUE(kiln::write_frame(codec, make_record(), sink).ok());
  EXPECT_EQ(sink.bytes, stream_of({serialized(make_record())}));
}

}  // namespace
