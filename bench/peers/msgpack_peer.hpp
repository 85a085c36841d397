// msgpack-cxx (header-only, built with MSGPACK_NO_BOOST). Structs are packed as arrays, the
// compact positional form of MSGPACK_DEFINE. Decoding goes through msgpack::object in a reused
// zone, with strings referencing the input instead of being copied into the zone first (the
// input outlives the conversion). shared_ptr is packed by value: TestClass's shared object is
// written twice and comes back as two objects.
#pragma once

#include <msgpack.hpp>

#include "common.hpp"
#include "types.hpp"

// Non-intrusive adaptors: pack and convert through msgpack's own define_array, as
// MSGPACK_DEFINE_ARRAY would, with the fields listed as expressions of the parameter `v`.
#define KILN_BENCH_MSGPACK_ADAPT(T, ...)                                                \
  template <>                                                                           \
  struct pack<T> {                                                                      \
    template <class Stream>                                                             \
    msgpack::packer<Stream>& operator()(msgpack::packer<Stream>& o, const T& v) const { \
      msgpack::type::make_define_array(__VA_ARGS__).msgpack_pack(o);                    \
      return o;                                                                         \
    }                                                                                   \
  };                                                                                    \
  template <>                                                                           \
  struct convert<T> {                                                                   \
    const msgpack::object& operator()(const msgpack::object& o, T& v) const {           \
      msgpack::type::make_define_array(__VA_ARGS__).msgpack_unpack(o);                  \
      return o;                                                                         \
    }                                                                                   \
  };

namespace msgpack {
MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {
  namespace adaptor {

  // msgpack has no char16_t: it travels as an unsigned integer.
  template <>
  struct pack<char16_t> {
    template <class Stream>
    msgpack::packer<Stream>& operator()(msgpack::packer<Stream>& o, char16_t v) const {
      return o.pack_uint16(static_cast<std::uint16_t>(v));
    }
  };
  template <>
  struct convert<char16_t> {
    const msgpack::object& operator()(const msgpack::object& o, char16_t& v) const {
      v = static_cast<char16_t>(o.as<std::uint16_t>());
      return o;
    }
  };

  KILN_BENCH_MSGPACK_ADAPT(kiln_bench::Struct, v.f1, v.f2, v.f3, v.f4, v.f5, v.f6, v.f7, v.f8, v.f9,
                           v.f10, v.f11, v.f12)
  KILN_BENCH_MSGPACK_ADAPT(kiln_bench::Foo, v.f1, v.f2, v.f3, v.f4)
  KILN_BENCH_MSGPACK_ADAPT(kiln_bench::Record, v.f1, v.f2, v.f3, v.f4)
  KILN_BENCH_MSGPACK_ADAPT(kiln_bench::TestBaseClass, v.byte_val(), v.short_val(), v.long_val(),
                           v.float_val(), v.double_val(), v.char_val(), v.boolean_val(),
                           v.int_val(), v.string_val(), v.ints(), v.strings())
  KILN_BENCH_MSGPACK_ADAPT(kiln_bench::TestClass, v.base(), v.int_val(), v.object1(), v.object2(),
                           v.objects())

  }  // namespace adaptor
}  // MSGPACK_API_VERSION_NAMESPACE
}  // namespace msgpack

#undef KILN_BENCH_MSGPACK_ADAPT

namespace kiln_bench {

class MsgpackPeer : public PlainValues {
 public:
  static constexpr const char* kLibrary = "msgpack";
  static constexpr const char* kMode = "array";

  template <class T>
  KILN_BENCH_INLINE Bytes serialize(const T& value) {
    buf_.clear();
    msgpack::pack(buf_, value);
    return {reinterpret_cast<const std::uint8_t*>(buf_.data()), buf_.size()};
  }
  template <class T>
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, T& out) {
    const Bytes in(data, size);
    zone_.clear();
    msgpack::object o = msgpack::unpack(zone_, reinterpret_cast<const char*>(in.data()), in.size(),
                                        &reference_input);
    o.convert(out);
    return true;
  }

 private:
  static bool reference_input(msgpack::type::object_type, std::size_t, void*) { return true; }

  msgpack::sbuffer buf_;
  msgpack::zone zone_;
};

}  // namespace kiln_bench
