// Fuzzes decoding Foo messages (both number modes).
#include "fuzz_harness.hpp"
#include "workloads.hpp"

using namespace kiln::workloads;
KILN_FUZZ_TARGET(Foo, make_foo(), {})
