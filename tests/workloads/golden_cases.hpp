// The golden cases: which value, in which mode, is pinned by which file in tests/golden/.
// Shared by the golden writer and the golden tests on both targets.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "golden_features.hpp"
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
  std::string name;            // file name without ".bin"
  std::string workload;        // the root type: Struct, Foo, Record, TestClass, Tags, Graph, ...
  bool compress;               // number compression
  bool track = false;          // reference tracking
  bool share_strings = false;  // shared strings
  bool compatible = false;     // compatible mode (type table after the header)
  bool fingerprint = true;     // the header's schema fingerprint (off: 3-byte header)
  bool header = true;          // off: the body alone, read with the writer's options
  std::function<std::vector<std::uint8_t>(const Codec&)> encode;
  // Decodes bytes and compares with the workload value; returns the decode status.
  std::function<Status(const Codec&, std::span<const std::uint8_t>, bool& equal)> decode;
  // A feature vector (golden_features.hpp) says what it covers; the manifest lists it under
  // "feature_vectors". Empty for the workload vectors.
  std::string covers = {};
  // The derived types polymorphic pointers may hold (writer and readers alike), and how the
  // manifest records them (a JSON object); null and empty for every other case.
  std::shared_ptr<const TypeRegistry> types = nullptr;
  std::string registry = {};

  Options options() const {
    return {.compress_numbers = compress,
            .track_references = track,
            .share_strings = share_strings,
            .compatible = compatible,
            .fingerprint = fingerprint,
            .header = header};
  }
  // A reader's options: any will do for a message with a header; one without takes the writer's.
  Options reader(Options any = {}) const { return header ? any : options(); }
  // A codec with these options and the case's registered types.
  Codec codec(Options o) const { return Codec(o, types); }
};

// Equality for the golden check: by value, and for TestClass also the shared object's identity.
template <class T>
bool golden_equal(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, TestClass>)
    return a == b && a.shares_object() == b.shares_object();
  else
    return a == b;
}

// The case `name` of the value make() gives, written with `o`.
template <class T>
GoldenCase golden_case(std::string name, std::string workload, Options o, T (*make)()) {
  return GoldenCase{.name = std::move(name),
                    .workload = std::move(workload),
                    .compress = o.compress_numbers,
                    .track = o.track_references,
                    .share_strings = o.share_strings,
                    .compatible = o.compatible,
                    .fingerprint = o.fingerprint,
                    .header = o.header,
                    .encode = [make](const Codec& c) { return c.serialize(make()).value(); },
                    .decode =
                        [make](const Codec& c, std::span<const std::uint8_t> bytes, bool& equal) {
                          T out{};
                          Status s = c.deserialize_into(bytes, out);
                          equal = s.ok() && golden_equal(out, make());
                          return s;
                        }};
}

// A workload vector, named after the mode; `track` turns on reference tracking and shared strings.
template <class T>
GoldenCase make_golden_case(std::string workload, std::string file_stem, bool compress, T (*make)(),
                            bool track = false, bool compatible = false) {
  std::string name = file_stem + (compatible ? "_compatible" : compress ? "_compressed" : "_fixed");
  return golden_case(std::move(name), std::move(workload),
                     {.compress_numbers = compress,
                      .track_references = track,
                      .share_strings = track,
                      .compatible = compatible},
                     make);
}

// A feature vector (golden_features.hpp): its file name, the options that write it, what it covers.
template <class T>
GoldenCase feature_case(std::string name, std::string workload, Options o, T (*make)(),
                        std::string covers) {
  GoldenCase c = golden_case(std::move(name), std::move(workload), o, make);
  c.covers = std::move(covers);
  return c;
}

// One small value per feature the workload vectors leave out (tests/js/golden_features.test.mjs
// checks all but the polymorphic one in JavaScript).
inline std::vector<GoldenCase> feature_golden_cases() {
  using namespace features;
  std::vector<GoldenCase> cases;
  cases.push_back(feature_case("graph_tracked", "Graph", {.track_references = true}, &make_graph,
                               "unique_ptr, a shared_ptr held twice, weak_ptr parents (a cycle), "
                               "a weak_ptr announcing an object its shared_ptr fills later"));
  cases.push_back(feature_case("graph_compatible", "Graph",
                               {.track_references = true, .compatible = true}, &make_graph,
                               "pointers in compatible mode (descriptors uptr, sptr, wptr): the "
                               "graph of graph_tracked with its type table"));
  GoldenCase drawing = feature_case(
      "drawing_polymorphic_compressed", "Drawing",
      {.compress_numbers = true, .track_references = true}, &make_drawing,
      "polymorphic shared_ptr, weak_ptr and unique_ptr: the base type, a type registered by id, "
      "a type registered by name (written once); a weak_ptr announcing a derived type");
  drawing.types = shape_types();
  drawing.registry = kShapeTypesJson;
  cases.push_back(std::move(drawing));
  GoldenCase drawing_compatible = feature_case(
      "drawing_polymorphic_compatible", "Drawing",
      {.compress_numbers = true, .track_references = true, .compatible = true}, &make_drawing,
      "polymorphic pointers in compatible mode (descriptor poly): the drawing of "
      "drawing_polymorphic_compressed, each derived type's entry added to the table in the body "
      "at its first object, a weak_ptr's announcement carrying one");
  drawing_compatible.types = shape_types();
  drawing_compatible.registry = kShapeTypesJson;
  cases.push_back(std::move(drawing_compatible));
  cases.push_back(feature_case("document_value_tracked", "Document", {.track_references = true},
                               &make_document,
                               "kiln::Value fields in a typed struct: object, arrays, small and "
                               "64-bit ints, a float, strings, bool, null; a container referenced "
                               "again in one field and written again in the next"));
  cases.push_back(feature_case("category_recursive_compressed", "Category",
                               {.compress_numbers = true}, &make_category,
                               "a recursive type (a struct holding a std::vector of itself)"));
  for (bool compress : {false, true})
    cases.push_back(feature_case(compress ? "scalars_compressed" : "scalars_fixed", "Scalars",
                                 {.compress_numbers = compress}, &make_scalars,
                                 "bool, char, char16_t, char32_t, every integer width at its "
                                 "extremes (u32 and u64 too), float, double -0, enums over "
                                 "uint8_t and int64_t, varint lengths"));
  cases.push_back(feature_case("catalog_compatible", "Catalog", {.compatible = true}, &make_catalog,
                               "compatible mode: four nested struct types, an explicit field id, "
                               "seq, arr, set, map, opt, var and tup descriptors"));
  cases.push_back(feature_case("catalog_compatible_compressed_noheader", "Catalog",
                               {.compress_numbers = true, .compatible = true, .header = false},
                               &make_catalog,
                               "a compatible-mode message without a header: the type table and "
                               "the value alone, compressed numbers"));
  cases.push_back(feature_case("vendor_bases_compatible", "Vendor", {.compatible = true},
                               &make_vendor,
                               "compatible mode with base classes: two bases, one with a base of "
                               "its own, each a field named ^ and the base's name"));
  cases.push_back(feature_case("envelope_value_compatible", "Envelope",
                               {.track_references = true, .compatible = true}, &make_envelope,
                               "a kiln::Value field in compatible mode (descriptor value), with "
                               "every kind of generic value: undefined, a hole, a bigint, a date, "
                               "-Infinity, a map, a set, typed arrays, an array buffer, a "
                               "reference"));
  cases.push_back(feature_case("labels_shared_strings", "Labels", {.share_strings = true},
                               &make_labels,
                               "shared strings without reference tracking or compatible mode: "
                               "repeats in a field, elements, map keys and values, an optional; "
                               "the empty string repeated"));
  return cases;
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
  for (GoldenCase& c : feature_golden_cases()) cases.push_back(std::move(c));
  return cases;
}

// A framed stream (docs/FORMAT.md section 11) of golden vectors, one frame each, in order.
struct GoldenStream {
  std::string name;                 // file name without ".bin"
  std::vector<std::string> frames;  // the vectors' names, without ".bin"
};

inline std::vector<GoldenStream> golden_streams() {
  return {{"stream_framed", {"record_fixed", "struct_compressed", "record_compatible"}}};
}

// The stream's bytes: each frame's vector as the library writes it now, behind its length.
inline std::vector<std::uint8_t> encode_stream(const GoldenStream& stream,
                                               const std::vector<GoldenCase>& cases) {
  std::vector<std::uint8_t> out;
  for (const std::string& frame : stream.frames) {
    for (const GoldenCase& c : cases) {
      if (c.name != frame) continue;
      if (!append_frame(c.encode(c.codec(c.options())), out).ok()) return {};
    }
  }
  return out;
}

}  // namespace kiln::workloads
