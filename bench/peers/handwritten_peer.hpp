// A codec written by hand for each workload, as a careful C++ programmer would write one without
// a library: numbers copied as they are in memory (little-endian hosts), strings and lists as a
// 4-byte count and their elements, shared pointers as a 4-byte tag (0: null, n: the n-th object
// already read, ~0: a new object follows) so that TestClass's one object held by two fields stays
// one. Reads check every length against the input, and nothing else: no UTF-8 check, no depth
// limit, no schema check, which Kiln does. The floor for the string- and pointer-heavy workloads,
// as memcpy_peer.hpp is for Struct; it is not a serialization library, so the report keeps it
// out of the peers a target is judged against, except the target that names it.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "types.hpp"

namespace kiln_bench {

namespace handwritten {

// Appends to a reused vector through a raw pointer; grows it when a write would pass its end.
class Out {
 public:
  explicit Out(std::vector<std::uint8_t>& buf) : buf_(buf) {
    if (buf_.size() < 256) buf_.resize(256);
    p_ = buf_.data();
    end_ = p_ + buf_.size();
  }
  template <class T>
  KILN_BENCH_INLINE void num(const T& v) {
    room(sizeof v);
    std::memcpy(p_, &v, sizeof v);
    p_ += sizeof v;
  }
  KILN_BENCH_INLINE void count(std::size_t n) { num(static_cast<std::uint32_t>(n)); }
  KILN_BENCH_INLINE void str(const std::string& s) {
    count(s.size());
    room(s.size());
    std::memcpy(p_, s.data(), s.size());
    p_ += s.size();
  }
  Bytes done() const { return {buf_.data(), static_cast<std::size_t>(p_ - buf_.data())}; }

 private:
  KILN_BENCH_INLINE void room(std::size_t n) {
    if (static_cast<std::size_t>(end_ - p_) < n) [[unlikely]]
      grow(n);
  }
  void grow(std::size_t n) {
    const std::size_t at = static_cast<std::size_t>(p_ - buf_.data());
    buf_.resize(std::max(buf_.size() * 2, at + n));
    p_ = buf_.data() + at;
    end_ = buf_.data() + buf_.size();
  }

  std::vector<std::uint8_t>& buf_;
  std::uint8_t* p_;
  std::uint8_t* end_;
};

// Reads from [p, end); every read checks the bytes it needs. False once anything is short.
class In {
 public:
  In(const std::uint8_t* p, std::size_t n) : p_(p), end_(p + n) {}
  template <class T>
  KILN_BENCH_INLINE bool num(T& v) {
    if (static_cast<std::size_t>(end_ - p_) < sizeof v) return false;
    std::memcpy(&v, p_, sizeof v);
    p_ += sizeof v;
    return true;
  }
  KILN_BENCH_INLINE bool flag(bool& v) {
    std::uint8_t b = 0;
    if (!num(b) || b > 1) return false;
    v = b != 0;
    return true;
  }
  // A count of items that take at least `each` bytes: never more than the input can hold.
  KILN_BENCH_INLINE bool count(std::size_t& n, std::size_t each) {
    std::uint32_t c = 0;
    if (!num(c) || c > static_cast<std::size_t>(end_ - p_) / each) return false;
    n = c;
    return true;
  }
  KILN_BENCH_INLINE bool str(std::string& s) {
    std::size_t n = 0;
    if (!count(n, 1)) return false;
    s.assign(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return true;
  }
  bool at_end() const { return p_ == end_; }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

template <class F>  // Foo or Record: one shape
void write(Out& o, const F& f) {
  o.num(f.f1);
  o.str(f.f2);
  o.count(f.f3.size());
  for (const std::string& s : f.f3) o.str(s);
  o.count(f.f4.size());
  for (const auto& [k, v] : f.f4) o.str(k), o.num(v);
}
template <class F>
bool read(In& in, F& f) {
  std::size_t n = 0;
  if (!in.num(f.f1) || !in.str(f.f2) || !in.count(n, 4)) return false;
  f.f3.resize(n);
  for (std::string& s : f.f3)
    if (!in.str(s)) return false;
  if (!in.count(n, 12)) return false;
  f.f4.clear();
  for (std::size_t i = 0; i < n; ++i) {
    std::string k;
    std::int64_t v = 0;
    if (!in.str(k) || !in.num(v)) return false;
    f.f4.emplace_hint(f.f4.end(), std::move(k), v);
  }
  return true;
}

inline void write_base(Out& o, const TestBaseClass& t) {
  o.num(t.byte_val()), o.num(t.short_val()), o.num(t.long_val()), o.num(t.float_val());
  o.num(t.double_val()), o.num(t.char_val()), o.num(t.boolean_val()), o.num(t.int_val());
  o.str(t.string_val());
  for (std::int32_t v : t.ints()) o.num(v);
  for (const std::string& s : t.strings()) o.str(s);
}
inline bool read_base(In& in, TestBaseClass& t) {
  if (!in.num(t.byte_val()) || !in.num(t.short_val()) || !in.num(t.long_val()) ||
      !in.num(t.float_val()) || !in.num(t.double_val()) || !in.num(t.char_val()) ||
      !in.flag(t.boolean_val()) || !in.num(t.int_val()) || !in.str(t.string_val()))
    return false;
  for (std::int32_t& v : t.ints())
    if (!in.num(v)) return false;
  for (std::string& s : t.strings())
    if (!in.str(s)) return false;
  return true;
}

inline constexpr std::uint32_t kNewObject = ~std::uint32_t{0};

// The objects a message has written or read so far, in order (TestClass has six).
using Seen = std::vector<const TestBaseClass*>;
using SeenPtrs = std::vector<std::shared_ptr<TestBaseClass>>;

inline void write_ptr(Out& o, const std::shared_ptr<TestBaseClass>& p, Seen& seen) {
  if (!p) return o.num(std::uint32_t{0});
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (seen[i] == p.get()) return o.num(static_cast<std::uint32_t>(i + 1));
  seen.push_back(p.get());
  o.num(kNewObject);
  write_base(o, *p);
}
inline bool read_ptr(In& in, std::shared_ptr<TestBaseClass>& p, SeenPtrs& seen) {
  std::uint32_t tag = 0;
  if (!in.num(tag)) return false;
  if (tag == 0) {
    p.reset();
  } else if (tag != kNewObject) {
    if (tag > seen.size()) return false;
    p = seen[tag - 1];
  } else {
    p = std::make_shared<TestBaseClass>();
    seen.push_back(p);
    return read_base(in, *p);
  }
  return true;
}

inline void write(Out& o, const TestClass& t, Seen& seen) {
  write_base(o, t.base());
  o.num(t.int_val());
  write_ptr(o, t.object1(), seen);
  write_ptr(o, t.object2(), seen);
  for (const auto& p : t.objects()) write_ptr(o, p, seen);
}
inline bool read(In& in, TestClass& t, SeenPtrs& seen) {
  if (!read_base(in, t.base()) || !in.num(t.int_val()) || !read_ptr(in, t.object1(), seen) ||
      !read_ptr(in, t.object2(), seen))
    return false;
  for (auto& p : t.objects())
    if (!read_ptr(in, p, seen)) return false;
  return true;
}

}  // namespace handwritten

class HandwrittenPeer {
 public:
  static constexpr const char* kLibrary = "handwritten";
  static constexpr const char* kMode = "direct";

  static Foo make(Tag<Workload::kFoo>) { return make_foo(); }
  static Record make(Tag<Workload::kRecord>) { return make_record(); }
  static TestClass make(Tag<Workload::kTestClass>) { return TestClass::make(); }
  static Bulk make(Tag<Workload::kBulk>) { return make_bulk<Foo>(); }

  template <class F>
  requires(std::same_as<F, Foo> || std::same_as<F, Record>) KILN_BENCH_INLINE Bytes
      serialize(const F& f) {
    handwritten::Out o(buf_);
    handwritten::write(o, f);
    return o.done();
  }
  KILN_BENCH_INLINE Bytes serialize(const Bulk& b) {
    handwritten::Out o(buf_);
    o.count(b.size());
    for (const Foo& f : b) handwritten::write(o, f);
    return o.done();
  }
  KILN_BENCH_INLINE Bytes serialize(const TestClass& t) {
    handwritten::Out o(buf_);
    seen_.clear();
    handwritten::write(o, t, seen_);
    return o.done();
  }

  template <class F>
  requires(std::same_as<F, Foo> || std::same_as<F, Record>) KILN_BENCH_INLINE
      bool deserialize(const std::uint8_t* data, std::size_t size, F& out) {
    handwritten::In in(data, size);
    return handwritten::read(in, out) && in.at_end();
  }
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, Bulk& out) {
    handwritten::In in(data, size);
    std::size_t n = 0;
    if (!in.count(n, 16)) return false;
    out.resize(n);
    for (Foo& f : out)
      if (!handwritten::read(in, f)) return false;
    return in.at_end();
  }
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, TestClass& out) {
    handwritten::In in(data, size);
    const bool ok = handwritten::read(in, out, read_seen_) && in.at_end();
    read_seen_.clear();  // the table keeps no object alive past the call
    return ok;
  }

 private:
  std::vector<std::uint8_t> buf_;
  handwritten::Seen seen_;
  handwritten::SeenPtrs read_seen_;
};

}  // namespace kiln_bench
