# Shared by the compile-fail scripts: the flags (-Werror, syntax only, INCLUDES) in `flags`, and a
# check that SOURCE compiles as it is, so a later failure can only come from what a case changes.
set(flags -std=c++20 -Wall -Wextra -Werror -fsyntax-only)
foreach(dir IN LISTS INCLUDES)
  list(APPEND flags -I${dir})
endforeach()

execute_process(COMMAND ${CXX} ${flags} ${SOURCE} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "${SOURCE} does not compile as it is:\n${err}")
endif()
