// The physical floor for Struct: its 12 fields copied back to back (72 bytes, no header, no
// checks beyond the length). Nothing can move the values in fewer instructions.
#pragma once

#include <cstring>

#include "common.hpp"
#include "types.hpp"

namespace kiln_bench {

class MemcpyPeer {
 public:
  static constexpr const char* kLibrary = "memcpy";
  static constexpr const char* kMode = "raw";
  static constexpr std::size_t kBytes = 3 * (4 + 8 + 4 + 8);

  static Struct make(Tag<Workload::kStruct>) { return make_struct(); }
  static Struct make(Tag<Workload::kStructLarge>) { return make_struct_large(); }

  KILN_BENCH_INLINE Bytes serialize(const Struct& s) {
    std::uint8_t* p = buf_;
    put(p, s.f1), put(p, s.f2), put(p, s.f3), put(p, s.f4), put(p, s.f5), put(p, s.f6);
    put(p, s.f7), put(p, s.f8), put(p, s.f9), put(p, s.f10), put(p, s.f11), put(p, s.f12);
    return {buf_, kBytes};
  }
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, Struct& s) {
    if (size != kBytes) return false;
    const std::uint8_t* p = data;
    get(p, s.f1), get(p, s.f2), get(p, s.f3), get(p, s.f4), get(p, s.f5), get(p, s.f6);
    get(p, s.f7), get(p, s.f8), get(p, s.f9), get(p, s.f10), get(p, s.f11), get(p, s.f12);
    return true;
  }

 private:
  template <class T>
  static void put(std::uint8_t*& p, const T& v) {
    std::memcpy(p, &v, sizeof v);
    p += sizeof v;
  }
  template <class T>
  static void get(const std::uint8_t*& p, T& v) {
    std::memcpy(&v, p, sizeof v);
    p += sizeof v;
  }

  std::uint8_t buf_[kBytes];
};

}  // namespace kiln_bench
