// JSON text for the inspector, spelled exactly as JavaScript's JSON.stringify / String(number)
// would, so that kiln-inspect and the JS inspect() print identical documents.
#pragma once

#include <string>
#include <string_view>

namespace kiln::detail::evolve {

// `s` must be valid UTF-8; quotes, backslashes and control characters are escaped.
void append_json_string(std::string& out, std::string_view s);

// The shortest decimal that reads back as `d`, in JavaScript's notation (1e+21, 1.5e-7, 0.1).
// -0 prints as -0; NaN and infinities, which JSON lacks, as the strings "NaN", "Infinity",
// "-Infinity".
void append_json_number(std::string& out, double d);

}  // namespace kiln::detail::evolve
