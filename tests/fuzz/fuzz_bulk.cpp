// Fuzzes decoding Bulk (std::vector<Foo>) messages (both number modes).
#include "fuzz_harness.hpp"
#include "workloads.hpp"

using namespace kiln::workloads;
using Bulk = std::vector<Foo>;
KILN_FUZZ_TARGET(Bulk, Bulk(3, make_foo()), {})
