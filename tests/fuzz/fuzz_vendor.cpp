// Fuzzes decoding Vendor messages (tests/workloads/golden_features.hpp): a class with two bases,
// one with a base of its own, in both number modes, and in compatible mode also from another
// version of the classes (bases' fields added and removed, a base gone), read by plan.
#include "fuzz_harness.hpp"
#include "golden_features.hpp"

using namespace kiln::workloads::features;
KILN_FUZZ_TARGET(Vendor, make_vendor(), {})
