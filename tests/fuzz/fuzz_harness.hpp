// The libFuzzer harness shared by every decode entry point. A harness is a few lines:
//
//   #include "fuzz_harness.hpp"
//   KILN_FUZZ_TARGET(kiln::workloads::Foo, kiln::workloads::make_foo(), {})
//
// Each input is decoded as a whole message (the header's flags byte picks the number mode, so
// one harness covers both modes). Beyond "no crash, leak or sanitizer report" it checks:
//  - decoding into a value already holding `prefill` (the reuse path) gives the same verdict,
//    and on success the same value, as decoding into a fresh one;
//  - a successful decode re-encodes, in both number modes (with the input's reference tracking),
//    to bytes that decode without error
//    to an equal value, and re-encoding that value gives the same bytes (checks.same_bytes);
//  - every error has a code and an offset within the input;
//  - the body after a well-formed header, read without it (Options::header = false) by a reader
//    given the header's flags, gets the same verdict: the same value, or the same error at an
//    offset shorter by the header's length.
// A failed check aborts with a description, which libFuzzer reports as a crash.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "kiln/kiln.hpp"

namespace kiln::fuzz {

struct Checks {
  // Re-encoding a decoded value is byte-for-byte stable. False for types holding unordered
  // containers, whose iteration order (and so encoding) may differ between equal values.
  bool same_bytes = true;
  // Decoded values are compared with operator==. False for types whose floats compare as
  // numbers (a NaN is not equal to itself); their bytes are compared instead.
  bool same_value = true;
};

[[noreturn]] inline void fail(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "kiln fuzz check failed: %s %s\n", what, detail.c_str());
  std::abort();
}

template <class T>
void check_equal(const Checks& checks, const T& a, const T& b, const char* what) {
  if constexpr (requires { a == b; })
    if (checks.same_value && !(a == b)) fail(what);
}

template <class T>
void check_headerless(std::span<const std::uint8_t> in, const Checks& checks) {
  if (in.size() < kiln::detail::wire::kShortHeaderBytes || in[0] != kiln::detail::wire::kMagic ||
      in[1] != kiln::detail::wire::kVersion)
    return;
  const std::uint8_t flags = in[2];
  if ((flags & ~kiln::detail::wire::kSupportedFlags) ||
      ((flags & kiln::detail::wire::kFlagCompatible) && !kiln::detail::evolve::Schema<T>::ok))
    return;
  const std::size_t head = kiln::detail::wire::header_bytes(flags);
  if (in.size() < head) return;
  // One allocation budget for both: by default it grows with the input, which is shorter here.
  Limits limits;
  limits.max_alloc_bytes = limits.alloc_budget(in.size());
  T framed{}, bare{};
  Status sf = Codec({.limits = limits}).deserialize_into(in, framed);
  if (!sf.ok() && sf.error().offset < head) return;  // the header itself was rejected
  const Codec reader({.compress_numbers = (flags & kiln::detail::wire::kFlagCompressNumbers) != 0,
                      .track_references = (flags & kiln::detail::wire::kFlagReferenceTracking) != 0,
                      .share_strings = (flags & kiln::detail::wire::kFlagShareStrings) != 0,
                      .compatible = (flags & kiln::detail::wire::kFlagCompatible) != 0,
                      .header = false,
                      .limits = limits});
  Status sb = reader.deserialize_into(in.subspan(head), bare);
  if (sf.ok() != sb.ok())
    fail("a headerless read disagrees on success",
         sf.ok() ? sb.error().message() : sf.error().message());
  if (!sf.ok()) {
    if (sf.error().code != sb.error().code || sf.error().offset != sb.error().offset + head)
      fail("a headerless read reports another error",
           sf.error().message() + " / " + sb.error().message());
    return;
  }
  check_equal(checks, framed, bare, "a headerless read gives another value");
}

template <class T>
int run(const std::uint8_t* data, std::size_t size, const T& prefill, const Checks& checks) {
  std::span<const std::uint8_t> in(data, size);
  check_headerless<T>(in, checks);
  Codec codec;
  T fresh{};
  Status st = codec.deserialize_into(in, fresh);

  T reused = prefill;
  Status st2 = codec.deserialize_into(in, reused);
  if (st.ok() != st2.ok()) fail("fresh and reused decodes disagree on success");
  if (!st.ok()) {
    const Error& e = st.error();
    const Error& e2 = st2.error();
    if (e.code == ErrorCode::kOk) fail("an error without a code");
    if (e.offset > size) fail("error offset past the input", e.message());
    if (e.code != e2.code || e.offset != e2.offset)
      fail("fresh and reused decodes report different errors", e.message() + " / " + e2.message());
    if (e.message().empty()) fail("an empty error message");
    return 0;
  }
  check_equal(checks, fresh, reused, "fresh and reused decodes give different values");

  const bool compressed = (data[2] & kiln::detail::wire::kFlagCompressNumbers) != 0;
  const bool fingerprint =
      (data[2] & kiln::detail::wire::kFlagNoFingerprint) == 0;  // kept, as the input had it
  // Kept too: a tracked message may decode to a cycle, which only tracking can write.
  const bool tracking = (data[2] & kiln::detail::wire::kFlagReferenceTracking) != 0;
  for (bool mode : {compressed, !compressed}) {
    Codec writer(
        {.compress_numbers = mode, .track_references = tracking, .fingerprint = fingerprint});
    std::vector<std::uint8_t> once = writer.serialize(fresh).value();
    T again{};
    Status st3 = codec.deserialize_into(once, again);
    if (!st3.ok()) fail("the re-encoded value does not decode", st3.error().message());
    check_equal(checks, fresh, again, "the re-encoded value decodes to a different value");
    if (checks.same_bytes && writer.serialize(again).value() != once)
      fail("re-encoding the decoded value changes its bytes");
  }
  return 0;
}

}  // namespace kiln::fuzz

// Defines the libFuzzer entry point for decoding messages of type TYPE. PREFILL is the value
// the reuse check decodes over; CHECKS a kiln::fuzz::Checks initializer, e.g. {} or
// {.same_value = false}.
#define KILN_FUZZ_TARGET(TYPE, PREFILL, ...)                                               \
  extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {      \
    static const TYPE prefill = PREFILL;                                                   \
    return ::kiln::fuzz::run<TYPE>(data, size, prefill, ::kiln::fuzz::Checks __VA_ARGS__); \
  }
