// The golden cases: which value, in which mode, is pinned by which file in tests/golden/.
// Shared by the golden writer and the golden tests on both targets.
#pragma once

#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "kiln/kiln.hpp"
#include "test_class.hpp"
#include "workloads.hpp"

namespace kiln::workloads {

// Strings that repeat, so that a message with shared strings refers back to earlier ones; in
// compatible mode a reader without `owner` skips the first appearance of "ops" and must still
// number it (docs/FORMAT.md 5.12, 10.5).
struct Tags {
  std::string owner;
  std::vector<std::string> labels;
  std::map<std::string, std::string> notes;
  bool operator==(const Tags&) const = default;
};
inline Tags make_tags() {
  return {"ops", {"red", "ops", "red"}, {{"ops", "red"}, {"x", "ops"}}};
}

struct GoldenCase {
  std::string name;         // file name without ".bin"
  std::string workload;     // Struct, Foo, Record, TestClass
  bool compress;            // number compression
  bool track = false;       // reference tracking and shared strings
  bool compatible = false;  // compatible mode (type table after the header)
  bool fingerprint = true;  // the header's schema fingerprint (off: 3-byte header)
  bool header = true;       // off: the body alone, read with the writer's options
  std::function<std::vector<std::uint8_t>(const Codec&)> encode;
  // Decodes bytes and compares with the workload value; returns the decode status.
  std::function<Status(const Codec&, std::span<const std::uint8_t>, bool& equal)> decode;

  Options options() const {
    return {.compress_numbers = compress,
            .track_references = track,
            .share_strings = track,
            .compatible = compatible,
            .fingerprint = fingerprint,
            .header = header};
  }
  // A reader's options: any will do for a message with a header; one without takes the writer's.
  Options reader(Options any = {}) const { return header ? any : options(); }
};

// Equality for the golden check: by value, and for TestClass also the shared object's identity.
template <class T>
bool golden_equal(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, TestClass>)
    return a == b && a.shares_object() == b.shares_object();
  else
    return a == b;
}

template <class T>
GoldenCase make_golden_case(std::string workload, std::string file_stem, bool compress, T (*make)(),
                            bool track = false, bool compatible = false) {
  std::string name = file_stem + (compatible ? "_compatible" : compress ? "_compressed" : "_fixed");
  return GoldenCase{std::move(name),
                    std::move(workload),
                    compress,
                    track,
                    compatible,
                    true,
                    true,
                    [make](const Codec& c) { return c.serialize(make()).value(); },
                    [make](const Codec& c, std::span<const std::uint8_t> bytes, bool& equal) {
                      T out{};
                      Status s = c.deserialize_into(bytes, out);
                      equal = s.ok() && golden_equal(out, make());
                      return s;
                    }};
}

inline std::vector<GoldenCase> golden_cases() {
  std::vector<GoldenCase> cases;
  for (bool compress : {false, true}) {
    cases.push_back(make_golden_case("Struct", "struct", compress, &make_struct));
    cases.push_back(make_golden_case("Foo", "foo", compress, &make_foo));
    cases.push_back(make_golden_case("Record", "record", compress, &make_record));
    cases.push_back(make_golden_case("TestClass", "testclass", compress, &TestClass::make, true));
  }
  // The smallest Struct message: compressed numbers and no fingerprint (a 3-byte header).
  GoldenCase unchecked = make_golden_case("Struct", "struct", true, &make_struct);
  unchecked.name = "struct_compressed_nofingerprint";
  unchecked.fingerprint = false;
  cases.push_back(std::move(unchecked));
  // The smallest Record message: compressed numbers and no header, the body alone.
  GoldenCase bare = make_golden_case("Record", "record", true, &make_record);
  bare.name = "record_compressed_noheader";
  bare.header = false;
  cases.push_back(std::move(bare));
  // Compatible mode, fixed-width numbers (docs/FORMAT.md section 10.7).
  cases.push_back(make_golden_case("Struct", "struct", false, &make_struct, false, true));
  cases.push_back(make_golden_case("Record", "record", false, &make_record, false, true));
  // Compatible mode with reference tracking and shared strings (header flags 0x0e).
  cases.push_back(make_golden_case("Tags", "tags_shared", false, &make_tags, true, true));
  return cases;
}

}  // namespace kiln::workloads
