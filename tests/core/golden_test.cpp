// Golden vectors: both targets write exactly the checked-in bytes, read them back to the
// workload values, and reject every truncation of them.
#include <gtest/gtest.h>

#include <algorithm>

#include "golden.hpp"
#include "golden_cases.hpp"

namespace {

using kiln::workloads::golden_cases;
using kiln::workloads::golden_streams;

TEST(Golden, EveryCaseHasAFile) {
  const auto& files = kiln::test::golden_vectors();
  for (const auto& c : golden_cases()) EXPECT_TRUE(files.count(c.name)) << c.name;
  for (const auto& s : golden_streams()) EXPECT_TRUE(files.count(s.name)) << s.name;
  EXPECT_EQ(files.size(), golden_cases().size() + golden_streams().size());
}

TEST(Golden, WrittenBytesEqualFiles) {
  for (const auto& c : golden_cases()) {
    kiln::Codec codec = c.codec(c.options());
    const auto& expected = kiln::test::golden_vectors().at(c.name);
    EXPECT_EQ(c.encode(codec), expected) << c.name;
  }
}

TEST(Golden, FilesDecodeToWorkloadValues) {
  for (const auto& c : golden_cases()) {
    // A reader decodes either number mode, whatever its own option says.
    for (bool reader_compress : {false, true}) {
      kiln::Codec codec =
          c.codec(c.reader({.compress_numbers = reader_compress, .compatible = !c.compatible}));
      bool equal = false;
      auto status = c.decode(codec, kiln::test::golden_vectors().at(c.name), equal);
      ASSERT_TRUE(status.ok()) << c.name << ": " << status.error().message();
      EXPECT_TRUE(equal) << c.name;
    }
  }
}

TEST(Golden, EveryTruncationIsRejected) {
  for (const auto& c : golden_cases()) {
    kiln::Codec codec = c.codec(c.reader());
    const auto& full = kiln::test::golden_vectors().at(c.name);
    for (std::size_t n = 0; n < full.size(); ++n) {
      bool equal = true;
      auto status = c.decode(codec, std::span(full.data(), n), equal);
      ASSERT_FALSE(status.ok()) << c.name << " truncated to " << n << " bytes was accepted";
      // One code for every message cut short, so a caller can tell a short read with one test.
      EXPECT_EQ(status.error().code, kiln::ErrorCode::kTruncated)
          << c.name << " truncated to " << n << ": " << status.error().message();
      EXPECT_LE(status.error().offset, n) << c.name << " at " << n;
      EXPECT_FALSE(status.error().message().empty());
    }
  }
}

// Framed streams (docs/FORMAT.md section 11): the writer's bytes are the file's, and a reader fed
// the file cuts it into the named vectors, which decode to their workload values.
TEST(Golden, StreamsWrittenAndRead) {
  const auto cases = golden_cases();
  for (const auto& stream : golden_streams()) {
    const auto& file = kiln::test::golden_vectors().at(stream.name);
    EXPECT_EQ(kiln::workloads::encode_stream(stream, cases), file) << stream.name;
    kiln::FrameReader reader;
    reader.feed(file);
    std::uint64_t at = 0;
    for (const std::string& name : stream.frames) {
      auto frame = reader.next();
      ASSERT_TRUE(frame.ok() && frame->has_value()) << stream.name << ": " << name;
      const auto& vector = kiln::test::golden_vectors().at(name);
      EXPECT_EQ((*frame)->offset, at + 1) << name;  // each is under 128 bytes: a 1-byte prefix
      EXPECT_TRUE(std::equal((*frame)->message.begin(), (*frame)->message.end(), vector.begin(),
                             vector.end()))
          << name;
      at += 1 + vector.size();
      for (const auto& c : cases) {
        if (c.name != name) continue;
        bool equal = false;
        kiln::Status s = c.decode(c.codec(c.reader()), (*frame)->message, equal);
        EXPECT_TRUE(s.ok()) << name << ": " << s.error().message();
        EXPECT_TRUE(equal) << name;
      }
    }
    auto end = reader.next();
    ASSERT_TRUE(end.ok());
    EXPECT_FALSE(end->has_value());
    EXPECT_TRUE(reader.finish().ok());
    EXPECT_EQ(reader.offset(), file.size());
  }
}

TEST(Golden, StreamFramedBytesSpelledOut) {
  // docs/FORMAT.md 11: the first frame's prefix is 0x31, record_fixed.bin's 49 bytes, whose magic
  // follows; the second frame starts at byte 50 with 0x3a (58 bytes of struct_compressed.bin).
  const auto& v = kiln::test::golden_vectors().at("stream_framed");
  ASSERT_EQ(v.size(), 1u + 49u + 1u + 58u + 1u + 83u);
  EXPECT_EQ(v[0], 0x31);
  EXPECT_EQ(v[1], 0x4B);
  EXPECT_EQ(v[50], 0x3a);
  EXPECT_EQ(v[109], 0x53);
}

TEST(Golden, StructFixedBytesSpelledOut) {
  // The first bytes of the Struct vector, by hand from docs/FORMAT.md: header, then f1 = 10 as
  // int32 LE and f2 = 123456788 as int64 LE.
  const auto& v = kiln::test::golden_vectors().at("struct_fixed");
  ASSERT_EQ(v.size(), 7u + 72u);
  EXPECT_EQ(v[0], 0x4B);
  EXPECT_EQ(v[1], 1);
  EXPECT_EQ(v[2], 0);
  const std::vector<std::uint8_t> fields{0x0a, 0, 0, 0, 0x14, 0xcd, 0x5b, 0x07, 0, 0, 0, 0};
  EXPECT_EQ(std::vector<std::uint8_t>(v.begin() + 7, v.begin() + 19), fields);
}

TEST(Golden, StructCompressedBytesSpelledOut) {
  // f1 = 10 -> zigzag 20 -> one byte 0x14; f2 = 123456788 -> zigzag 246913576 -> 4-byte varint.
  const auto& v = kiln::test::golden_vectors().at("struct_compressed");
  EXPECT_EQ(v[2], 1);  // compressed-numbers flag
  const std::vector<std::uint8_t> fields{0x14, 0xa8, 0xb4, 0xde, 0x75};
  EXPECT_EQ(std::vector<std::uint8_t>(v.begin() + 7, v.begin() + 12), fields);
}

}  // namespace
