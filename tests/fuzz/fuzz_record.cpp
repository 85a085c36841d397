// Fuzzes decoding Record messages (both number modes).
#include "fuzz_harness.hpp"
#include "workloads.hpp"

using namespace kiln::workloads;
KILN_FUZZ_TARGET(Record, make_record(), {})
