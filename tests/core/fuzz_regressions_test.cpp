// Bugs the fuzzers (tests/fuzz) found, each pinned by the smallest input that shows it.
#include <gtest/gtest.h>

#include <string>
#include <unordered_map>

#include "golden_features.hpp"
#include "test_util.hpp"

namespace {

using kiln::ErrorCode;

// Decoding into a non-empty unordered_map whose first key the message repeats: the entry for
// the repeat reused a node of the old map, and libstdc++'s hinted node insert consumes the node
// handle even when the key is already there, so the duplicate went unnoticed and the map came
// out one entry short. Found by fuzz_kitchen_sink (fresh and reused decodes disagreed).
TEST(FuzzRegression, ReusedUnorderedMapRejectsARepeatedKey) {
  using Map = std::unordered_map<std::int32_t, std::string>;
  Map reused{{1, "one"}, {2, "two"}, {3, "three"}};
  const std::int32_t first = reused.begin()->first;  // the order the reuse path walks
  // A message with three entries: the old map's first key twice, then a new key.
  kiln::Codec codec;
  kiln::test::Bytes m = codec.serialize(Map{{first, "a"}}).value();
  m[kiln::detail::wire::kHeaderBytes] = 3;  // the count
  const kiln::test::Bytes entry(m.begin() + kiln::detail::wire::kHeaderBytes + 1, m.end());
  m.insert(m.end(), entry.begin(), entry.end());
  m.insert(m.end(), entry.begin(), entry.end());
  m[m.size() - entry.size()] = 9;  // the third entry's key (fixed-width int32, low byte first)

  Map fresh;
  kiln::Status a = codec.deserialize_into(m, fresh);
  kiln::Status b = codec.deserialize_into(m, reused);
  ASSERT_FALSE(a.ok());
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(a.error().code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(b.error().code, ErrorCode::kDuplicateKey);
  EXPECT_EQ(a.error().offset, kiln::detail::wire::kHeaderBytes + 1 + entry.size());
  EXPECT_EQ(b.error().offset, a.error().offset);
}

// An Envelope whose kiln::Value payload is an array holding a float and a reference to itself,
// in a message with reference tracking: it decodes to a cycle. Written again without tracking,
// the value writer closed the cycle with a back-reference, which every reader then rejected (a
// writer producing what its reader refuses). Now that is a kCycle write error, as in JS; with
// tracking the value round-trips. Found by fuzz_envelope (tests/fuzz/regressions/
// envelope_tracked_cycle.bin).
TEST(FuzzRegression, AnUntrackedValueCycleIsAWriteErrorNotABadMessage) {
  const kiln::test::Bytes in{0x4b, 0x01, 0x02, 0xe6, 0xf2, 0x0d, 0x0b, 0x05, 0x65, 0x76, 0x65, 0x6e,
                             0x74, 0x0a, 0x07, 0x05, 0x61, 0x67, 0x0f, 0x00, 0x6a, 0x6e, 0x10, 0x85,
                             0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x4b, 0x65, 0x76};
  using kiln::workloads::features::Envelope;
  kiln::Codec codec;
  Envelope e{};
  ASSERT_TRUE(codec.deserialize_into(in, e));
  kiln::Result<kiln::test::Bytes> untracked = codec.serialize(e);
  ASSERT_FALSE(untracked);
  EXPECT_EQ(untracked.error().code, ErrorCode::kCycle);
  kiln::Codec tracking({.track_references = true});
  kiln::test::Bytes again = tracking.serialize(e).value();
  Envelope back{};
  ASSERT_TRUE(codec.deserialize_into(again, back))
      << codec.deserialize_into(again, back).error().message();
  EXPECT_EQ(tracking.serialize(back).value(), again);
}

}  // namespace
