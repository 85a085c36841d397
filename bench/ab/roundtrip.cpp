// Round trips of the seed workloads through the public API, for a same-run A/B of two versions
// of the library (scripts/ab_roundtrip.sh builds this file against each and alternates them).
// Prints one JSON object: nanoseconds per round trip, the fastest of several rounds, per case.
#include <kiln/kiln.hpp>

#include <chrono>
#include <cstdio>
#include <span>
#include <vector>

#include "api.hpp"
#include "workloads.hpp"

namespace {

using kiln_ab::bytes_of;

template <class T>
double round_trip_ns(const T& value, kiln::Options options) {
  kiln::Codec codec(options);
  T out{};
  constexpr int kIters = 200000;
  double best = 1e300;
  for (int round = 0; round < 7; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < kIters; ++i) {
      // The value may have changed, as far as the compiler knows: no encoding at compile time.
      asm volatile("" : : "r"(&value) : "memory");
      std::span<const std::uint8_t> b = bytes_of(codec.serialize_view(value));
      if (!codec.deserialize_into(b, out)) std::abort();
    }
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / kIters);
  }
  if (!(out == value)) std::abort();
  return best;
}

}  // namespace

int main() {
  using namespace kiln::workloads;
  const Struct s = make_struct();
  const Struct large = make_struct_large();
  const Foo f = make_foo();
  std::printf("{\"struct_fixed\": %.3f, \"struct_compressed\": %.3f, ", round_trip_ns(s, {}),
              round_trip_ns(s, {.compress_numbers = true}));
  std::printf("\"large_compressed\": %.3f, ", round_trip_ns(large, {.compress_numbers = true}));
  std::printf("\"foo_fixed\": %.3f, \"foo_compressed\": %.3f}\n", round_trip_ns(f, {}),
              round_trip_ns(f, {.compress_numbers = true}));
}
