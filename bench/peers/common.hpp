// What every benchmark adapter shares: workload tags, the byte view type, and stream buffers over
// reused memory for the libraries that speak std::streambuf (Boost, cereal).
//
// An adapter ("peer") is a class with
//   static constexpr const char* kLibrary, kMode;
//   static Value make(Tag<W>);                 one overload per workload it can represent
//   Bytes serialize(const Value&);             into a buffer the adapter reuses
//   bool deserialize(const std::uint8_t*, std::size_t, Value&);   into an object the caller reuses
// and optionally `static bool equal(const Value&, const Value&)` when == does not fit.
// deserialize takes a pointer and a length, not a span: in wasm a span passed by value to a call
// that is not inlined goes through memory, stored as two 4-byte halves and copied with one 8-byte
// load, which the CPU cannot forward from those stores. That stall was in every wasm call of
// every library, and in no native one.
//
// Every adapter's serialize and deserialize, and the Case calls around them, are forced inline
// (KILN_BENCH_INLINE), so that the timed loop calls the library as a user's code would, with no
// call to the adapter in between. g++ inlined most of them on its own and em++ (clang) few, and
// an adapter call that is not inlined costs more in wasm than natively: the span serialize
// returns goes through memory, and the timed loop spills and reloads its live values around it.
#pragma once

#define KILN_BENCH_INLINE __attribute__((always_inline))

#include <cstdint>
#include <cstring>
#include <span>
#include <streambuf>
#include <string_view>
#include <vector>

namespace kiln_bench {

// kStructLarge: Struct's shape with integers near their type's limits (the longest varints).
enum class Workload { kStruct, kFoo, kRecord, kTestClass, kBulk, kStructLarge };

template <Workload W>
struct Tag {
  static constexpr Workload kWorkload = W;
};

constexpr const char* workload_name(Workload w) {
  switch (w) {
    case Workload::kStruct:
      return "Struct";
    case Workload::kFoo:
      return "Foo";
    case Workload::kRecord:
      return "Record";
    case Workload::kTestClass:
      return "TestClass";
    case Workload::kBulk:
      return "Bulk";
    case Workload::kStructLarge:
      return "StructLarge";
  }
  return "?";
}

using Bytes = std::span<const std::uint8_t>;

// The value a peer produces for workload W (only valid when the peer supports W).
template <class P, Workload W>
using ValueOf = decltype(P::make(Tag<W>{}));

template <class P, Workload W>
concept Supports = requires {
  P::make(Tag<W>{});
};

template <class P, class V>
bool peer_equal(const V& a, const V& b) {
  if constexpr (requires { P::equal(a, b); })
    return P::equal(a, b);
  else
    return a == b;
}

// Appends to a reused vector: what a speed-minded user plugs under std::ostream instead of a
// std::stringstream, which copies its contents out on str().
class VectorOutBuf : public std::streambuf {
 public:
  explicit VectorOutBuf(std::vector<std::uint8_t>& out) : out_(out) {}

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    auto* p = reinterpret_cast<const std::uint8_t*>(s);
    out_.insert(out_.end(), p, p + n);
    return n;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) out_.push_back(static_cast<std::uint8_t>(c));
    return traits_type::not_eof(c);
  }

 private:
  std::vector<std::uint8_t>& out_;
};

// Reads from a byte span without copying it.
class SpanInBuf : public std::streambuf {
 public:
  void reset(Bytes in) {
    char* p = const_cast<char*>(reinterpret_cast<const char*>(in.data()));
    setg(p, p, p + in.size());
  }

 protected:
  std::streamsize xsgetn(char* s, std::streamsize n) override {
    std::streamsize left = egptr() - gptr();
    if (n > left) n = left;
    std::memcpy(s, gptr(), static_cast<std::size_t>(n));
    gbump(static_cast<int>(n));
    return n;
  }
};

}  // namespace kiln_bench
