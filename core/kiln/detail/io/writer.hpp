// Writer: appends bytes to a std::vector<uint8_t>, growing it geometrically.
// The vector's size is used as capacity while writing; finish() trims it to what was written.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "kiln/base/error.hpp"
#include "kiln/detail/io/copy.hpp"
#include "kiln/detail/io/endian.hpp"
#include "kiln/detail/io/varint.hpp"

namespace kiln::detail::graph {
struct WriteContext;
}

namespace kiln::detail::io {

// How deep writers nest pointers without reference tracking and generic values: far past what a
// reader with default limits accepts, and shallow enough that the recursion cannot exhaust the
// stack (a cycle without tracking, or a value nested a million deep, fails instead).
inline constexpr std::uint32_t kMaxWriteDepth = 1000;

class Writer {
 public:
  // Appends after out's current contents.
  explicit Writer(std::vector<std::uint8_t>& out) : Writer(out, out.size()) {}
  // Writes from index start on, treating out[start, size) as free room (a reused scratch buffer).
  Writer(std::vector<std::uint8_t>& out, std::size_t start) : out_(&out), base_(start) {
    cur_ = out.data() + start;
    end_ = out.data() + out.size();
  }

  // Makes room for n more bytes; pointers from cursor() stay valid until the next ensure().
  void ensure(std::size_t n) {
    if (static_cast<std::size_t>(end_ - cur_) < n) grow(n);
  }
  std::uint8_t* cursor() noexcept { return cur_; }
  // The message header's flags byte, for serializers whose encoding depends on it.
  std::uint8_t flags() const noexcept { return flags_; }
  void set_flags(std::uint8_t f) noexcept { flags_ = f; }
  // Whether strings are checked to be UTF-8 (Options::validate_utf8): writers then refuse what
  // readers with the same option would reject.
  bool check_utf8() const noexcept { return check_utf8_; }
  void set_check_utf8(bool on) noexcept { check_utf8_ = on; }
  void advance_to(std::uint8_t* p) noexcept { cur_ = p; }

  template <Fixed T>
  void write_fixed(T v) {
    ensure(sizeof(T));
    store_le(cur_, v);
    cur_ += sizeof(T);
  }
  void write_u8(std::uint8_t v) {
    ensure(1);
    *cur_++ = v;
  }
  void write_varint(std::uint64_t v) {
    ensure(kMaxVarint64);
    cur_ = put_varint(cur_, v);
  }
  void write_bytes(const void* data, std::size_t n) {
    ensure(n);
    copy_bytes(cur_, static_cast<const std::uint8_t*>(data), n);
    cur_ += n;
  }

  // Object-graph state (registry, shared-object table); null when the codec has none.
  graph::WriteContext* graph() const noexcept { return graph_; }
  void set_graph(graph::WriteContext* g) noexcept { graph_ = g; }

  // Writing fails only for values the format cannot express as given (an unregistered
  // polymorphic type, a cycle without reference tracking); the first error is kept.
  [[gnu::cold, gnu::noinline]] void fail(ErrorCode code, std::string detail) {
    if (error_.code == ErrorCode::kOk) {
      error_.code = code;
      error_.offset = written();
      error_.detail = std::move(detail);
    }
  }
  bool failed() const noexcept { return error_.code != ErrorCode::kOk; }
  Error take_error() noexcept { return std::move(error_); }

  // Bytes written by this writer so far.
  std::size_t written() const noexcept {
    return static_cast<std::size_t>(cur_ - out_->data()) - base_;
  }
  // Trims the vector to the bytes actually written and returns the new size.
  std::size_t finish() {
    std::size_t end = static_cast<std::size_t>(cur_ - out_->data());
    out_->resize(end);
    cur_ = end_ = out_->data() + end;
    return end;
  }

 private:
  void grow(std::size_t n);

  std::vector<std::uint8_t>* out_;
  std::size_t base_;
  std::uint8_t* cur_;
  std::uint8_t* end_;
  graph::WriteContext* graph_ = nullptr;
  Error error_;
  std::uint8_t flags_ = 0;
  bool check_utf8_ = true;
};

inline void Writer::grow(std::size_t n) {
  std::size_t used = static_cast<std::size_t>(cur_ - out_->data());
  std::size_t want = used + n;
  std::size_t cap = out_->size() * 2;
  if (cap < want) cap = want;
  if (cap < 64) cap = 64;
  out_->resize(cap);
  cur_ = out_->data() + used;
  end_ = out_->data() + cap;
}

}  // namespace kiln::detail::io
