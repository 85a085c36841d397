// The inspector's JSON form of a generic value (docs/FORMAT.md 10.6), the same text the JS
// inspect() prints for what a JS reader returns: numbers, strings, booleans, null and arrays as
// JSON spells them, every other kind as a one-key object naming it ({"bigint":"-0x1f"},
// {"object":{...}}, {"map":[[k,v]]}, ...), and a container met again as {"ref":id}.
#pragma once

#include <cstddef>
#include <string>

#include "kiln/detail/value/value.hpp"

namespace kiln::detail::evolve {

// Appends v's JSON form to `out`. Every string and object key printed spends its UTF-8 bytes of
// `left`; returns false, leaving `left` as it was before the string that did not fit, once one
// does not.
bool append_value_json(std::string& out, const Value& v, std::size_t& left);

}  // namespace kiln::detail::evolve
