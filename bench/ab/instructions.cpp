// One workload's write or read, repeated: run under callgrind by scripts/ab_instructions.sh,
// which subtracts a run of 0 repetitions, so the count per operation excludes start-up. The same
// binary and input give the same count on any day, however busy the machine.
//   usage: instructions {foo|struct|large} {w|r} {fixed|compressed} REPETITIONS
#include <kiln/kiln.hpp>

#include <cstdio>
#include <cstdlib>
#include <span>
#include <string_view>
#include <vector>

#include "api.hpp"
#include "workloads.hpp"

namespace {

using kiln_ab::bytes_of;

template <class T>
void repeat(const T& value, kiln::Options options, bool write, int n) {
  kiln::Codec codec(options);
  const auto first = bytes_of(codec.serialize_view(value));
  const std::vector<std::uint8_t> message(first.begin(), first.end());
  T out{};
  if (!codec.deserialize_into(std::span<const std::uint8_t>(message), out)) std::abort();
  for (int i = 0; i < n; ++i) {
    // The value may have changed, as far as the compiler knows: without this it encodes the
    // workload's constant fields at compile time and the loop counts less than a real write.
    asm volatile("" : : "r"(&value) : "memory");
    if (write) {
      if (bytes_of(codec.serialize_view(value)).size() != message.size()) std::abort();
    } else if (!codec.deserialize_into(std::span<const std::uint8_t>(message), out)) {
      std::abort();
    }
  }
  if (!(out == value)) std::abort();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fputs("usage: instructions {foo|struct|large} {w|r} {fixed|compressed} REPETITIONS\n",
               stderr);
    return 2;
  }
  using namespace kiln::workloads;
  const std::string_view workload = argv[1];
  const bool write = argv[2][0] == 'w';
  kiln::Options options{};
  options.compress_numbers = std::string_view(argv[3]) == "compressed";
  const int n = std::atoi(argv[4]);
  if (workload == "foo")
    repeat(make_foo(), options, write, n);
  else if (workload == "large")
    repeat(make_struct_large(), options, write, n);
  else
    repeat(make_struct(), options, write, n);
}
