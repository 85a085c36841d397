// Fuzzes the object-graph reader (reference tracking, polymorphic pointers, shared strings). The
// oracle: a decoded graph re-encodes with tracking in both number modes, that message decodes,
// and encoding the result again gives the same bytes; errors have a code and an in-range offset.
// Owning cycles are rejected by default, so a decoded graph never leaks (LeakSanitizer checks).
#include "fuzz_harness.hpp"
#include "graph_types.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace kiln;
  static const std::shared_ptr<const TypeRegistry> types = fuzz::graph_types();
  if (!types) fuzz::fail("registering the graph types failed");
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
