// Cursor: a bounds-checked position in untrusted input. Every read either succeeds or records an
// Error (code, byte offset, detail) and returns false; nothing reads past the end. It knows bytes
// only: limits, the allocation budget and per-message state belong to the decode state
// (kiln/detail/ser/reader.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "kiln/base/error.hpp"
#include "kiln/base/inline.hpp"
#include "kiln/detail/io/endian.hpp"
#include "kiln/detail/io/varint.hpp"

namespace kiln::detail::io {

class Cursor {
 public:
  Cursor(const std::uint8_t* data, std::size_t size) noexcept
      : begin_(data), cur_(data), end_(data + size) {}

  std::size_t remaining() const noexcept { return static_cast<std::size_t>(end_ - cur_); }
  std::size_t offset() const noexcept { return static_cast<std::size_t>(cur_ - begin_); }
  const std::uint8_t* cursor() const noexcept { return cur_; }
  void advance_to(const std::uint8_t* p) noexcept { cur_ = p; }
  bool failed() const noexcept { return error_.code != ErrorCode::kOk; }
  const Error& error() const noexcept { return error_; }
  Error take_error() noexcept { return std::move(error_); }

  // Records an error at the current offset (or at `at`) and returns false. The recording is
  // out of line and the `false` inline: a caller that inlines a read then knows that a failed
  // check ends the read, and does not rejoin its fast path reloading the cursor from memory
  // (in wasm, from the shadow stack) as if the cold call might have returned true.
  bool fail(ErrorCode code, std::string detail) {
    record(offset(), code, std::move(detail));
    return false;
  }
  bool fail_at(std::size_t at, ErrorCode code, std::string detail) {
    record(at, code, std::move(detail));
    return false;
  }

  // Fails unless n more bytes are available.
  bool need(std::size_t n, const char* what) {
    if (remaining() >= n) [[likely]]
      return true;
    fail_truncated(n, what);
    return false;
  }

  template <Fixed T>
  bool read_fixed(T& v, const char* what = "fixed-width value") {
    if (!need(sizeof(T), what)) return false;
    v = load_le<T>(cur_);
    cur_ += sizeof(T);
    return true;
  }
  bool read_u8(std::uint8_t& v, const char* what) { return read_fixed(v, what); }

  // Unsigned LEB128 into U; rejects encodings longer than U allows or with bits beyond U.
  // The one-byte case (most lengths and small numbers) is inline; the error paths are out of
  // line, so this stays small enough for every compiler to inline (clang and em++ otherwise kept
  // it as a call, which in wasm also forced the caller's cursor through the shadow stack).
  template <class U>
  KILN_INLINE bool read_varint(U& out, const char* what = "varint") {
    const std::uint8_t* p = cur_;
    if (p != end_ && *p < 0x80) [[likely]] {
      out = static_cast<U>(*p);
      cur_ = p + 1;
      return true;
    }
    // The long path returns the value rather than storing through `out`: an address passed to
    // a call that is not inlined puts the caller's variable in linear memory (the shadow stack)
    // in wasm, on the fast path too. It moves the cursor only when it succeeds.
    const std::uint64_t v = read_varint_long<U>(what);
    if (cur_ == p) return false;
    out = static_cast<U>(v);
    return true;
  }

  // A 32- or 64-bit number field in compressed mode: the whole decode inline. Numbers often take
  // several bytes (123456789 takes four), and a call to read_varint_long cost more in wasm than
  // the decode: its result came back through the shadow stack and the caller reloaded the
  // cursor. g++ inlines read_varint_long on its own; this makes clang and em++ do the same.
  template <class U>
  KILN_INLINE bool read_varint_number(U& out, const char* what) {
    if (cur_ != end_ && *cur_ < 0x80) [[likely]] {
      out = static_cast<U>(*cur_++);
      return true;
    }
    return decode_varint_long(out, what);
  }

 protected:
  // The error paths: cold and out of line, and void, so that callers return a constant false.
  [[gnu::cold, gnu::noinline]] void record(std::size_t at, ErrorCode code, std::string&& detail) {
    if (!failed()) {  // the first error is the cause; keep it
      error_.code = code;
      error_.offset = at;
      error_.detail = std::move(detail);
    }
  }
  std::size_t offset_of(const std::uint8_t* p) const noexcept {
    return static_cast<std::size_t>(p - begin_);
  }

 private:
  // Multi-byte varints (and the end of input) for lengths, tags and counts: out of line, where
  // they are rare. Number fields inline the same decode (read_varint_number). Returns the value
  // and advances the cursor on success; on failure the cursor stays where it was.
  template <class U>
  std::uint64_t read_varint_long(const char* what) {
    U v = 0;
    return decode_varint_long(v, what) ? v : 0;
  }
  template <class U>
  KILN_INLINE bool decode_varint_long(U& out, const char* what) {
    if (get_varint(cur_, end_, out)) [[likely]]
      return true;
    fail_varint(max_varint_bytes<U>(), sizeof(U) * 8, what);
    return false;
  }
  // Why get_varint refused the varint at the cursor: the input ended within its first `max`
  // bytes, or else it is too long or has bits beyond `bits`.
  [[gnu::cold, gnu::noinline]] void fail_varint(std::size_t max, std::size_t bits,
                                                const char* what) {
    for (std::size_t i = 0; i < max; ++i) {
      if (i == remaining()) return fail_truncated(i + 1, what);
      if (cur_[i] < 0x80) break;
    }
    record(offset(), ErrorCode::kVarintOverflow,
           std::string(what) + " does not fit " + std::to_string(bits) + " bits");
  }
  [[gnu::cold, gnu::noinline]] void fail_truncated(std::size_t n, const char* what) {
    record(offset(), ErrorCode::kTruncated,
           std::string(what) + " needs " + std::to_string(n) + " bytes, " +
               std::to_string(remaining()) + " left");
  }

  const std::uint8_t* begin_;
  const std::uint8_t* cur_;
  const std::uint8_t* end_;
  Error error_;
};

}  // namespace kiln::detail::io
