# Separate compilation (KILN_INSTANTIATE): the seed workloads' program built as one translation
# unit and built with its codecs compiled in their own (bench/compile/seed_codecs.cpp) print the
# same checksum of every message and value read back, and the application's TU of the split
# build includes no part of the codec engine.
# Invoked by ctest with -P and -DWHOLE= -DSEPARATE= (the two programs), -DCXX= -DINCLUDES=
# -DSOURCE= (the application TU, whose includes are listed with the compiler's -M).
foreach(program IN ITEMS WHOLE SEPARATE)
  execute_process(COMMAND ${${program}} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc)
    message(FATAL_ERROR "${${program}} exited with ${rc}: ${out}")
  endif()
  set(out_${program} "${out}")
endforeach()
if(NOT out_WHOLE MATCHES "^[0-9a-f]+$" OR NOT out_WHOLE STREQUAL out_SEPARATE)
  message(FATAL_ERROR "checksums differ: whole '${out_WHOLE}', separate '${out_SEPARATE}'")
endif()

set(include_flags)
foreach(dir IN LISTS INCLUDES)
  list(APPEND include_flags -I${dir})
endforeach()
execute_process(COMMAND ${CXX} -std=c++20 -DKILN_SEED_SEPARATE ${include_flags} -M ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE deps ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "listing the includes of ${SOURCE} failed: ${err}")
endif()
if(NOT deps MATCHES "kiln/codec_decl\\.hpp")
  message(FATAL_ERROR "${SOURCE} does not include kiln/codec_decl.hpp:\n${deps}")
endif()
foreach(engine IN ITEMS "kiln/codec\\.hpp" "kiln/detail/types/" "kiln/detail/ser/serializer\\.hpp"
                        "kiln/detail/evolve/" "kiln/detail/graph/")
  if(deps MATCHES "${engine}")
    message(FATAL_ERROR "the application TU includes the engine (${engine}):\n${deps}")
  endif()
endforeach()
message("same checksum ${out_WHOLE}; the application TU includes no serializer")
