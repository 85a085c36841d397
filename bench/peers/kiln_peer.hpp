// Kiln, written the way a user who cares about speed would: one Codec per thread, serialize_view
// (the codec's reused buffer, no allocation once grown) and deserialize_into a reused object.
// Kiln has no object-graph (shared/cyclic reference) support yet, so it skips TestClass.
#pragma once

#include <kiln/kiln.hpp>

#include "common.hpp"
#include "types.hpp"
#include "workloads.hpp"

namespace kiln_bench {

// Compatible: compatible mode (a type table after the header, docs/FORMAT.md section 9), reading
// messages of the same version (the reader's table matches the message's).
template <bool Compress, bool Compatible = false>
class KilnPeer {
 public:
  static constexpr const char* kLibrary = "kiln";
  static constexpr const char* kMode = Compatible
                                           ? (Compress ? "compatible-compressed" : "compatible")
                                           : (Compress ? "compressed" : "fixed");

  static kiln::workloads::Struct make(Tag<Workload::kStruct>) {
    return kiln::workloads::make_struct();
  }
  static kiln::workloads::Foo make(Tag<Workload::kFoo>) { return kiln::workloads::make_foo(); }
  static kiln::workloads::Record make(Tag<Workload::kRecord>) {
    return kiln::workloads::make_record();
  }
  static std::vector<kiln::workloads::Foo> make(Tag<Workload::kBulk>) {
    return make_bulk<kiln::workloads::Foo>();
  }

  template <class T>
  Bytes serialize(const T& value) {
    return codec_.serialize_view(value);
  }
  template <class T>
  bool deserialize(Bytes in, T& out) {
    return codec_.deserialize_into(in, out).ok();
  }

 private:
  kiln::Codec codec_{kiln::Options{.compress_numbers = Compress, .compatible = Compatible}};
};

}  // namespace kiln_bench
