// Equality of generic values: same kinds and contents, recursively. Doubles compare by value
// except that NaN equals NaN and -0.0 differs from +0.0 (what a round trip must keep); containers
// compare by content in order, whether held strongly or by a weak link; a cycle compares equal
// when both sides repeat the same structure.
#pragma once

#include "kiln/detail/value/value.hpp"

namespace kiln {

bool operator==(const Value& a, const Value& b);

}  // namespace kiln
