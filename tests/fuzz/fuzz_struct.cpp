// Fuzzes decoding Struct messages (both number modes).
#include "fuzz_harness.hpp"
#include "workloads.hpp"

using namespace kiln::workloads;
KILN_FUZZ_TARGET(Struct, make_struct(), {.same_value = false})
