// Boost.Serialization's binary archive with its defaults (archive header, class versions,
// object tracking): the C++ counterpart of JDK serialization. Keeps shared_ptr identity. The
// format is not portable: it writes native sizes (size_t, enums), so wasm32 differs from x86-64.
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/array.hpp>
#include <boost/serialization/base_object.hpp>
#include <boost/serialization/map.hpp>
#include <boost/serialization/shared_ptr.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include "common.hpp"
#include "types.hpp"

// The documented place for non-intrusive serialize functions.
namespace boost::serialization {
template <class A>
void serialize(A& ar, kiln_bench::Struct& s, unsigned) {
  ar& s.f1& s.f2& s.f3& s.f4& s.f5& s.f6& s.f7& s.f8& s.f9& s.f10& s.f11& s.f12;
}
template <class A>
void serialize(A& ar, kiln_bench::Foo& s, unsigned) {
  ar& s.f1& s.f2& s.f3& s.f4;
}
template <class A>
void serialize(A& ar, kiln_bench::Record& s, unsigned) {
  ar& s.f1& s.f2& s.f3& s.f4;
}
template <class A>
void serialize(A& ar, kiln_bench::TestBaseClass& t, unsigned) {
  ar& t.byte_val() & t.short_val() & t.long_val() & t.float_val() & t.double_val() & t.char_val() &
      t.boolean_val() & t.int_val() & t.string_val() & t.ints() & t.strings();
}
template <class A>
void serialize(A& ar, kiln_bench::TestClass& t, unsigned) {
  ar& base_object<kiln_bench::TestBaseClass>(t);
  ar& t.int_val() & t.object1() & t.object2() & t.objects();
}
}  // namespace boost::serialization

namespace kiln_bench {

class BoostPeer : public PlainValues {
 public:
  static constexpr const char* kLibrary = "boost";
  static constexpr const char* kMode = "binary_archive";

  template <class T>
  KILN_BENCH_INLINE Bytes serialize(const T& value) {
    buf_.clear();
    boost::archive::binary_oarchive ar(out_);
    ar << value;
    return buf_;
  }
  template <class T>
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, T& out) {
    const Bytes in(data, size);
    in_.reset(in);
    boost::archive::binary_iarchive ar(in_);
    ar >> out;
    return true;
  }

 private:
  std::vector<std::uint8_t> buf_;
  VectorOutBuf out_{buf_};
  SpanInBuf in_;
};

}  // namespace kiln_bench
