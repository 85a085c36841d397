// Fuzzes decoding Envelope messages (tests/workloads/golden_features.hpp): a kiln::Value field in
// a typed struct, in both number modes, with reference tracking, and in compatible mode, also
// from the version without the payload (a reader that gives the field its default).
#include "fuzz_harness.hpp"
#include "golden_features.hpp"

using namespace kiln::workloads::features;
KILN_FUZZ_TARGET(Envelope, make_envelope(), {})
