// Reader: a bounds-checked cursor over untrusted input. Every read either succeeds or records an
// Error (code, byte offset, detail) and returns false; nothing reads past the end.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "kiln/error.hpp"
#include "kiln/inline.hpp"
#include "kiln/io/endian.hpp"
#include "kiln/io/varint.hpp"
#include "kiln/options.hpp"

namespace kiln::graph {
struct ReadContext;
}
namespace kiln::evolve {
class ReadContext;
}

namespace kiln::io {

// The default limits, for readers made without a codec.
inline constexpr Limits kDefaultLimits{};

class Reader {
 public:
  // The reader keeps a pointer to `limits`, which must outlive it: copying them into every
  // reader was a measurable part of a small message's read in wasm, where the reader lives in
  // linear memory.
  Reader(const std::uint8_t* data, std::size_t size, const Limits& limits = kDefaultLimits,
         bool validate_utf8 = true) noexcept
      : begin_(data),
        cur_(data),
        end_(data + size),
        limits_(&limits),
        validate_utf8_(validate_utf8),
        alloc_left_(limits.alloc_budget(size)) {}
  Reader(const std::uint8_t*, std::size_t, Limits&&, bool = true) = delete;  // would dangle

  std::size_t remaining() const noexcept { return static_cast<std::size_t>(end_ - cur_); }
  std::size_t offset() const noexcept { return static_cast<std::size_t>(cur_ - begin_); }
  const std::uint8_t* cursor() const noexcept { return cur_; }
  void advance_to(const std::uint8_t* p) noexcept { cur_ = p; }
  const Limits& limits() const noexcept { return *limits_; }
  bool validate_utf8() const noexcept { return validate_utf8_; }
  // Object-graph state (registry, table of objects read); null when the codec has none.
  graph::ReadContext* graph() const noexcept { return graph_; }
  void set_graph(graph::ReadContext* g) noexcept { graph_ = g; }
  // The message header's flags byte, for serializers whose encoding depends on it.
  std::uint8_t flags() const noexcept { return flags_; }
  void set_flags(std::uint8_t f) noexcept { flags_ = f; }
  // Bytes of the message's allocation budget not yet charged.
  std::size_t alloc_left() const noexcept { return alloc_left_; }
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

  // A length or count prefix. Fails before any allocation when the prefix claims more elements
  // than the remaining bytes could hold (min_elem_bytes each), more than the configured limit,
  // or more storage (elem_alloc_bytes each) than is left of the message's allocation budget;
  // the storage is charged to the budget. Elements with no wire bytes are bounded by the last
  // two checks only.
  KILN_INLINE bool read_length(std::size_t& n, std::size_t min_elem_bytes, std::size_t limit,
                               const char* what, std::size_t elem_alloc_bytes) {
    const std::uint8_t* at = cur_;
    std::uint64_t v = 0;
    if (!read_varint(v, what)) return false;
    // Compatible mode: an element may be smaller in the writer's version of its type.
    if (evolve_ && min_elem_bytes > 1) min_elem_bytes = 1;
    // Products instead of quotients: a 64-bit division per prefix was measurable on short
    // strings. Counts and element sizes below 2^32 cannot overflow a 64-bit product; larger ones
    // take the exact, slower path.
    const std::uint64_t sizes = std::uint64_t{min_elem_bytes} | std::uint64_t{elem_alloc_bytes};
    if (v <= limit && ((v | sizes) >> 32) == 0) [[likely]] {
      const std::uint64_t wire = v * min_elem_bytes, alloc = v * elem_alloc_bytes;
      if (wire <= remaining() && alloc <= alloc_left_) [[likely]] {
        n = static_cast<std::size_t>(v);
        alloc_left_ -= static_cast<std::size_t>(alloc);
        return true;
      }
    }
    if (!read_length_slow(at, v, min_elem_bytes, limit, what, elem_alloc_bytes)) return false;
    n = static_cast<std::size_t>(v);  // not through the call: n stays out of linear memory
    return true;
  }

  // Charges `bytes` of storage a decoder is about to allocate (an object behind a pointer, a
  // shared string) to the message's budget; fails at `at` when not that much is left.
  bool charge(std::size_t at, std::size_t bytes, const char* what) {
    if (bytes > alloc_left_) [[unlikely]] {
      fail_alloc(at, 1, bytes, what);
      return false;
    }
    alloc_left_ -= bytes;
    return true;
  }

  // Compatible mode: the plans for reading a message whose type table differs from the reader's.
  const evolve::ReadContext* evolve_context() const noexcept { return evolve_; }
  void set_evolve_context(const evolve::ReadContext* c) noexcept { evolve_ = c; }

  // Nesting guard for containers and structs.
  bool enter(const char* what) {
    if (++depth_ <= limits_->max_depth) [[likely]]
      return true;
    fail_depth(what);
    return false;
  }
  void leave() noexcept { --depth_; }

 private:
  // The error paths: cold and out of line, and void, so that callers return a constant false.
  [[gnu::cold, gnu::noinline]] void record(std::size_t at, ErrorCode code, std::string&& detail) {
    if (!failed()) {  // the first error is the cause; keep it
      error_.code = code;
      error_.offset = at;
      error_.detail = std::move(detail);
    }
  }
  [[gnu::cold, gnu::noinline]] void fail_alloc(std::size_t at, std::uint64_t n,
                                               std::size_t elem_bytes, const char* what) {
    record(at, ErrorCode::kAllocationLimit,
           std::string(what) + " " + std::to_string(n) + " x " + std::to_string(elem_bytes) +
               " bytes exceeds the " + std::to_string(alloc_left_) +
               " bytes left of the message's allocation budget");
  }
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
  // read_length's checks by division, exact for any count: the three ways it refuses a prefix,
  // in the order they are checked, and a count of 2^32 or more that passes them all.
  // On success the caller takes v as the count.
  [[gnu::cold, gnu::noinline]] bool read_length_slow(const std::uint8_t* at_p, std::uint64_t v,
                                                     std::size_t min_elem_bytes, std::size_t limit,
                                                     const char* what,
                                                     std::size_t elem_alloc_bytes) {
    std::size_t at = static_cast<std::size_t>(at_p - begin_);
    if (v > limit)
      return fail_at(at, ErrorCode::kLengthTooLarge,
                     std::string(what) + " " + std::to_string(v) + " exceeds the limit " +
                         std::to_string(limit));
    if (min_elem_bytes != 0 && v > remaining() / min_elem_bytes)
      return fail_at(at, ErrorCode::kLengthTooLarge,
                     std::string(what) + " " + std::to_string(v) + " needs at least " +
                         std::to_string(v) + " x " + std::to_string(min_elem_bytes) +
                         " bytes but only " + std::to_string(remaining()) + " remain");
    if (elem_alloc_bytes != 0 && v > alloc_left_ / elem_alloc_bytes) {
      fail_alloc(at, v, elem_alloc_bytes, what);
      return false;
    }
    alloc_left_ -= static_cast<std::size_t>(v) * elem_alloc_bytes;
    return true;
  }
  [[gnu::cold, gnu::noinline]] void fail_depth(const char* what) {
    record(offset(), ErrorCode::kDepthExceeded,
           std::string(what) + " nested deeper than " + std::to_string(limits_->max_depth));
  }
  [[gnu::cold, gnu::noinline]] void fail_truncated(std::size_t n, const char* what) {
    record(offset(), ErrorCode::kTruncated,
           std::string(what) + " needs " + std::to_string(n) + " bytes, " +
               std::to_string(remaining()) + " left");
  }

  const std::uint8_t* begin_;
  const std::uint8_t* cur_;
  const std::uint8_t* end_;
  const Limits* limits_;
  bool validate_utf8_;
  graph::ReadContext* graph_ = nullptr;
  std::size_t alloc_left_;
  std::uint32_t depth_ = 0;
  std::uint8_t flags_ = 0;
  Error error_;
  const evolve::ReadContext* evolve_ = nullptr;
};

}  // namespace kiln::io
