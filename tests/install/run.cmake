# Installs the built library into a prefix, then configures and builds a separate project that
# uses find_package(Kiln CONFIG) and runs it. Invoked by ctest with -P.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${KILN_BUILD} --prefix ${WORK}/prefix
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "install failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${KILN_SOURCE}/tests/install/consumer -B ${WORK}/build
                        -DCMAKE_PREFIX_PATH=${WORK}/prefix RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "configuring the consumer project failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "building the consumer project failed")
endif()
execute_process(COMMAND ${WORK}/build/consumer RESULT_VARIABLE rc OUTPUT_VARIABLE out)
message("${out}")
if(rc OR NOT out MATCHES "roundtrip ok")
  message(FATAL_ERROR "consumer did not round-trip")
endif()
