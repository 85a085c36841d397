// Every input of the malformed corpus (tests/malformed) is rejected with the code and byte
// offset its manifest gives, natively and in wasm; decoding valid messages afterwards still works.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "kitchen_sink.hpp"
#include "malformed.hpp"
#include "malformed_codes.hpp"
#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using namespace kiln::workloads;
using kiln::test::malformed_inputs;

template <class T>
kiln::Error verdict(const std::vector<std::uint8_t>& bytes) {
  T value{};
  kiln::Status s = kiln::Codec().deserialize_into(std::span<const std::uint8_t>(bytes), value);
  return s.ok() ? kiln::Error{} : s.error();
}

kiln::Error verdict_as(const std::string& type, const std::vector<std::uint8_t>& bytes) {
  if (type == "Struct") return verdict<Struct>(bytes);
  if (type == "Foo") return verdict<Foo>(bytes);
  if (type == "Record") return verdict<Record>(bytes);
  if (type == "Bulk") return verdict<std::vector<Foo>>(bytes);
  if (type == "KitchenSink") return verdict<KitchenSink>(bytes);
  ADD_FAILURE() << "unknown type " << type;
  return {};
}

TEST(Malformed, CorpusIsLargeAndCoversEveryKindOfDamage) {
  const auto& inputs = malformed_inputs();
  EXPECT_GE(inputs.size(), 1000u);
  std::set<std::string> codes, types;
  for (const auto& in : inputs) {
    codes.insert(in.code);
    types.insert(in.type);
  }
  for (const char* code : {"Truncated", "BadMagic", "BadVersion", "BadFlags", "SchemaMismatch",
                           "VarintOverflow", "BadUtf8", "LengthTooLarge", "DuplicateKey",
                           "DepthExceeded", "TrailingBytes", "AllocationLimit"})
    EXPECT_TRUE(codes.count(code)) << code;
  EXPECT_EQ(types, (std::set<std::string>{"Struct", "Foo", "Record", "Bulk", "KitchenSink"}));
}

TEST(Malformed, EveryInputGetsItsManifestVerdict) {
  std::size_t wrong = 0;
  for (const auto& in : malformed_inputs()) {
    kiln::Error e = verdict_as(in.type, in.bytes);
    if (std::string(kiln::test::code_name(e.code)) != in.code || e.offset != in.offset) {
      if (++wrong <= 20)
        ADD_FAILURE() << in.file << ": expected " << in.code << " at " << in.offset << ", got "
                      << e.message();
    }
    EXPECT_FALSE(e.detail.empty()) << in.file;
  }
  EXPECT_EQ(wrong, 0u);
}

TEST(Malformed, DecodingStillWorksAfterTheCorpus) {
  for (const auto& in : malformed_inputs()) verdict_as(in.type, in.bytes);
  for (bool compress : {false, true}) {
    kiln::Codec codec({.compress_numbers = compress});
    EXPECT_EQ(codec.deserialize<Foo>(codec.serialize(make_foo()).value()).value(), make_foo());
    EXPECT_EQ(codec.deserialize<KitchenSink>(codec.serialize(make_kitchen_sink()).value()).value(),
              make_kitchen_sink());
  }
}

}  // namespace
