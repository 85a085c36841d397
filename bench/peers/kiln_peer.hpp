// Kiln, written the way a user who cares about speed would: one Codec per thread, serialize_view
// (the codec's reused buffer, no allocation once grown) and deserialize_into a reused object, or
// deserialize<T> for a new one.
// TestClass goes through a codec with reference tracking (identity of the shared object kept)
// and shared strings (its objects repeat the same strings, which Java shares as interned
// objects), or, with ShareStrings false (modes "*-unshared"), tracking alone: larger messages,
// no string lookups, what the hand-written codec does. The other workloads have neither pointers
// nor repeated strings.
#pragma once

#include <kiln/kiln.hpp>

#include "common.hpp"
#include "types.hpp"
#include "workloads.hpp"

namespace kiln_bench {

// How much of the header a message has: all 7 bytes; 3, without the schema fingerprint
// (docs/FORMAT.md section 4.4); or none, the reader being given the writer's options (3.2).
enum class Header { kFull, kNoFingerprint, kNone };

// Compatible: compatible mode (a type table after the header, docs/FORMAT.md section 10), reading
// messages of the same version (the reader's table matches the message's).
template <bool Compress, bool Compatible = false, Header H = Header::kFull,
          bool ShareStrings = true>
class KilnPeer {
 public:
  static constexpr const char* kLibrary = "kiln";
  static constexpr const char* kMode =
      !ShareStrings        ? (Compress ? "compressed-unshared" : "fixed-unshared")
      : H == Header::kNone ? (Compress ? "compressed-noheader" : "fixed-noheader")
      : H == Header::kNoFingerprint
          ? (Compress ? "compressed-nofingerprint" : "fixed-nofingerprint")
      : Compatible ? (Compress ? "compatible-compressed" : "compatible")
                   : (Compress ? "compressed" : "fixed");

  static kiln::workloads::Struct make(Tag<Workload::kStruct>) {
    return kiln::workloads::make_struct();
  }
  static kiln::workloads::Struct make(Tag<Workload::kStructLarge>) { return make_struct_large(); }
  static kiln::workloads::Foo make(Tag<Workload::kFoo>) { return kiln::workloads::make_foo(); }
  static kiln::workloads::Record make(Tag<Workload::kRecord>) {
    return kiln::workloads::make_record();
  }
  static std::vector<kiln::workloads::Foo> make(Tag<Workload::kBulk>) {
    return make_bulk<kiln::workloads::Foo>();
  }
  static kiln::workloads::TestClass make(Tag<Workload::kTestClass>) {
    return kiln::workloads::TestClass::make();
  }

  template <class T>
  KILN_BENCH_INLINE Bytes serialize(const T& value) {
    return codec_for<T>().serialize_view(value).value();
  }
  template <class T>
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, T& out) {
    const Bytes in(data, size);
    return codec_for<T>().deserialize_into(in, out).ok();
  }
  // A new object each time: what a deserialize<T> caller gets (case.hpp keeps the Result).
  template <class T>
  KILN_BENCH_INLINE kiln::Result<T> deserialize_fresh(const std::uint8_t* data, std::size_t size) {
    return codec_for<T>().template deserialize<T>(Bytes(data, size));
  }

 private:
  template <class T>
  kiln::Codec& codec_for() {
    if constexpr (std::is_same_v<T, kiln::workloads::TestClass>)
      return graph_codec_;
    else
      return codec_;
  }
  static constexpr bool kFingerprint = H == Header::kFull;
  static constexpr bool kHeader = H != Header::kNone;
  kiln::Codec codec_{kiln::Options{.compress_numbers = Compress,
                                   .compatible = Compatible,
                                   .fingerprint = kFingerprint,
                                   .header = kHeader}};
  kiln::Codec graph_codec_{kiln::Options{.compress_numbers = Compress,
                                         .track_references = true,
                                         .share_strings = ShareStrings,
                                         .fingerprint = kFingerprint,
                                         .header = kHeader}};
};

}  // namespace kiln_bench
