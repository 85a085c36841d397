// Reader: the decode state of one message: a byte cursor (kiln/detail/io/cursor.hpp) plus what
// the message's decode needs beyond bytes: the limits and the allocation budget they give, the
// nesting depth, the header's flags, and the object-graph and compatible-mode contexts.
#pragma once

#include <cstdint>
#include <string>

#include "kiln/base/error.hpp"
#include "kiln/base/inline.hpp"
#include "kiln/base/options.hpp"
#include "kiln/detail/io/cursor.hpp"

namespace kiln::detail::graph {
struct ReadContext;
}
namespace kiln::detail::evolve {
class ReadContext;
}

namespace kiln::detail {

// The default limits, for readers made without a codec.
inline constexpr Limits kDefaultLimits{};

class Reader : public io::Cursor {
 public:
  // The reader keeps a pointer to `limits`, which must outlive it: copying them into every
  // reader was a measurable part of a small message's read in wasm, where the reader lives in
  // linear memory.
  Reader(const std::uint8_t* data, std::size_t size, const Limits& limits = kDefaultLimits,
         bool validate_utf8 = true) noexcept
      : Cursor(data, size),
        limits_(&limits),
        validate_utf8_(validate_utf8),
        alloc_left_(limits.alloc_budget(size)) {}
  Reader(const std::uint8_t*, std::size_t, Limits&&, bool = true) = delete;  // would dangle

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

  // A length or count prefix. Fails before any allocation when the prefix claims more elements
  // than the remaining bytes could hold (min_elem_bytes each), more than the configured limit,
  // or more storage (elem_alloc_bytes each) than is left of the message's allocation budget;
  // the storage is charged to the budget. Elements with no wire bytes are bounded by the last
  // two checks only.
  KILN_INLINE bool read_length(std::size_t& n, std::size_t min_elem_bytes, std::size_t limit,
                               const char* what, std::size_t elem_alloc_bytes) {
    const std::uint8_t* at = cursor();
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
  evolve::ReadContext* evolve_context() const noexcept { return evolve_; }
  void set_evolve_context(evolve::ReadContext* c) noexcept { evolve_ = c; }

  // Nesting guard for containers and structs.
  bool enter(const char* what) {
    if (++depth_ <= limits_->max_depth) [[likely]]
      return true;
    fail_depth(what);
    return false;
  }
  void leave() noexcept { --depth_; }

 private:
  [[gnu::cold, gnu::noinline]] void fail_alloc(std::size_t at, std::uint64_t n,
                                               std::size_t elem_bytes, const char* what) {
    record(at, ErrorCode::kAllocationLimit,
           std::string(what) + " " + std::to_string(n) + " x " + std::to_string(elem_bytes) +
               " bytes exceeds the " + std::to_string(alloc_left_) +
               " bytes left of the message's allocation budget");
  }
  // read_length's checks by division, exact for any count: the three ways it refuses a prefix,
  // in the order they are checked, and a count of 2^32 or more that passes them all.
  // On success the caller takes v as the count.
  [[gnu::cold, gnu::noinline]] bool read_length_slow(const std::uint8_t* at_p, std::uint64_t v,
                                                     std::size_t min_elem_bytes, std::size_t limit,
                                                     const char* what,
                                                     std::size_t elem_alloc_bytes) {
    std::size_t at = offset_of(at_p);
    if (v > limit)
      return fail_at(at, ErrorCode::kLengthTooLarge,
                     std::string(what) + " " + std::to_string(v) + " exceeds the limit " +
                         std::to_string(limit));
    if (min_elem_bytes != 0 && v > remaining() / min_elem_bytes)
      return fail_at(at, ErrorCode::kTruncated,
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
  const Limits* limits_;
  bool validate_utf8_;
  graph::ReadContext* graph_ = nullptr;
  std::size_t alloc_left_;
  std::uint32_t depth_ = 0;
  std::uint8_t flags_ = 0;
  evolve::ReadContext* evolve_ = nullptr;
};

}  // namespace kiln::detail
