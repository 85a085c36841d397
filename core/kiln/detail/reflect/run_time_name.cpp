#include "kiln/detail/reflect/run_time_name.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace kiln::detail::reflect {

std::string run_time_name(const std::type_info& type) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(
      abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free);
  return status == 0 && name ? std::string(name.get()) : std::string(type.name());
}

}  // namespace kiln::detail::reflect
