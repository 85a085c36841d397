// cereal's binary archive. Keeps shared_ptr identity (TestClass's m_object2 stays m_object1).
#pragma once

#include <cereal/archives/binary.hpp>
#include <cereal/types/array.hpp>
#include <cereal/types/base_class.hpp>
#include <cereal/types/map.hpp>
#include <cereal/types/memory.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>
#include <istream>
#include <ostream>

#include "common.hpp"
#include "types.hpp"

// Non-member serialize functions, found by argument-dependent lookup from cereal's archives
// (so they live in each type's namespace).
namespace kiln::workloads {
template <class A>
void serialize(A& ar, Struct& s) {
  ar(s.f1, s.f2, s.f3, s.f4, s.f5, s.f6, s.f7, s.f8, s.f9, s.f10, s.f11, s.f12);
}
template <class A>
void serialize(A& ar, Foo& s) {
  ar(s.f1, s.f2, s.f3, s.f4);
}
template <class A>
void serialize(A& ar, Record& s) {
  ar(s.f1, s.f2, s.f3, s.f4);
}
template <class A>
void serialize(A& ar, TestBaseClass& t) {
  ar(t.byte_val(), t.short_val(), t.long_val(), t.float_val(), t.double_val(), t.char_val(),
     t.boolean_val(), t.int_val(), t.string_val(), t.ints(), t.strings());
}
template <class A>
void serialize(A& ar, TestClass& t) {
  ar(cereal::base_class<TestBaseClass>(&t), t.int_val(), t.object1(), t.object2(), t.objects());
}
}  // namespace kiln::workloads

namespace kiln_bench {

class CerealPeer : public PlainValues {
 public:
  static constexpr const char* kLibrary = "cereal";
  static constexpr const char* kMode = "binary";

  template <class T>
  KILN_BENCH_INLINE Bytes serialize(const T& value) {
    buf_.clear();
    cereal::BinaryOutputArchive ar(os_);
    ar(value);
    return buf_;
  }
  template <class T>
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, T& out) {
    const Bytes in(data, size);
    in_.reset(in);
    is_.clear();
    cereal::BinaryInputArchive ar(is_);
    ar(out);
    return true;
  }

 private:
  std::vector<std::uint8_t> buf_;
  VectorOutBuf out_{buf_};
  std::ostream os_{&out_};
  SpanInBuf in_;
  std::istream is_{&in_};
};

}  // namespace kiln_bench
