// Fuzzes the object-graph reader (reference tracking, polymorphic pointers, shared strings). The
// oracle: a decoded graph re-encodes with tracking in both number modes, that message decodes,
// and encoding the result again gives the same bytes; errors have a code and an in-range offset.
// Owning cycles are rejected by default, so a decoded graph never leaks (LeakSanitizer checks).
// A compatible-mode input (flag bit 2) is also read by two versions of a graph type without
// polymorphic pointers (golden_features.hpp), the newer one with every kind of pointer and the
// older one skipping them (docs/FORMAT.md 10.5), by the harness's polymorphic graph, and by
// Drawing and a version of it without pointers, with the same oracle.
#include "fuzz_harness.hpp"
#include "golden_features.hpp"
#include "graph_types.hpp"

namespace {

template <class T>
void check_compatible(const std::uint8_t* data, std::size_t size,
                      std::shared_ptr<const kiln::TypeRegistry> types = {}) {
  using namespace kiln;
  T fresh;
  Status st = Codec({}, types).deserialize_into({data, size}, fresh);
  if (!st.ok()) {
    if (st.error().code == ErrorCode::kOk || st.error().offset > size)
      fuzz::fail("an error without a code or past the input", st.error().message());
    return;
  }
  Codec writer({.track_references = true, .compatible = true}, types);
  std::vector<std::uint8_t> once;
  Status w = writer.serialize_into(fresh, once);
  if (!w.ok()) fuzz::fail("a decoded compatible graph does not re-encode", w.error().message());
  T again;
  Status st2 = Codec({}, types).deserialize_into(once, again);
  if (!st2.ok())
    fuzz::fail("the re-encoded compatible graph does not decode", st2.error().message());
  if (writer.serialize(again).value() != once)
    fuzz::fail("re-encoding the decoded compatible graph changes it");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kiln;
  static const std::shared_ptr<const TypeRegistry> types = fuzz::graph_types();
  static const std::shared_ptr<const TypeRegistry> shapes = workloads::features::shape_types();
  if (!types || !shapes) fuzz::fail("registering the graph types failed");
  if (size > 2 && (data[2] & 0x04)) {
    check_compatible<workloads::features::Graph>(data, size);
    check_compatible<workloads::features::graph_v1::Graph>(data, size);
    check_compatible<fuzz::Graph>(data, size, types);
    check_compatible<workloads::features::Drawing>(data, size, shapes);
    check_compatible<workloads::features::drawing_v0::Drawing>(data, size);
  }
  Codec codec({}, types);
  fuzz::Graph fresh;
  Status st = codec.deserialize_into({data, size}, fresh);
  if (!st.ok()) {
    if (st.error().code == ErrorCode::kOk || st.error().offset > size)
      fuzz::fail("an error without a code or past the input", st.error().message());
    return 0;
  }
  for (bool compress : {false, true}) {
    Codec writer({.compress_numbers = compress, .track_references = true, .share_strings = true},
                 types);
    std::vector<std::uint8_t> once;
    Status w = writer.serialize_into(fresh, once);
    if (!w.ok()) fuzz::fail("a decoded graph does not re-encode", w.error().message());
    fuzz::Graph again;
    Status st2 = codec.deserialize_into(once, again);
    if (!st2.ok()) fuzz::fail("the re-encoded graph does not decode", st2.error().message());
    if (writer.serialize(again).value() != once)
      fuzz::fail("re-encoding the decoded graph changes it");
  }
  return 0;
}
