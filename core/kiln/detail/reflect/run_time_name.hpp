// The readable name of a type known only at run time (a polymorphic object's dynamic type), for
// error messages: std::type_info::name() is mangled ("N8consumer7HexagonE") on GCC and Clang.
#pragma once

#include <string>
#include <typeinfo>

namespace kiln::detail::reflect {

// "consumer::Hexagon"; the mangled name if it cannot be demangled.
std::string run_time_name(const std::type_info& type);

}  // namespace kiln::detail::reflect
