// Fuzzes decoding KitchenSink messages (both number modes).
#include "fuzz_harness.hpp"
#include "kitchen_sink.hpp"

using namespace kiln::workloads;
KILN_FUZZ_TARGET(KitchenSink, make_kitchen_sink(), {.same_bytes = false})
