// kiln::Value: any value a JavaScript page sends without a schema (null, bool, numbers, BigInt,
// strings, arrays, objects, Map, Set, Date, typed arrays), as a message root or a struct field.
// Its encoding is docs/FORMAT.md section 9.
#pragma once

#include "kiln/detail/types/value.hpp"
#include "kiln/detail/value/equal.hpp"
#include "kiln/detail/value/value.hpp"
