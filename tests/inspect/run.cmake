# kiln-inspect prints MESSAGE as exactly the JSON in EXPECTED (plus a newline), reading the
# message once from a file and once from standard input.
file(READ ${EXPECTED} expected)
execute_process(COMMAND ${INSPECT} ${MESSAGE} RESULT_VARIABLE rc OUTPUT_VARIABLE from_file
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kiln-inspect ${MESSAGE} failed (${rc}): ${err}")
endif()
execute_process(COMMAND ${INSPECT} - INPUT_FILE ${MESSAGE} RESULT_VARIABLE rc
                OUTPUT_VARIABLE from_stdin ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "kiln-inspect - < ${MESSAGE} failed (${rc}): ${err}")
endif()
foreach(out IN ITEMS from_file from_stdin)
  if(NOT "${${out}}" STREQUAL "${expected}")
    message(FATAL_ERROR "kiln-inspect output (${out}) differs from ${EXPECTED}:\n${${out}}")
  endif()
endforeach()
# A schema-consistent message has no table: exit status 1 and the reason on stderr.
execute_process(COMMAND ${INSPECT} ${CONSISTENT} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "unsupported header flags at byte 2")
  message(FATAL_ERROR "kiln-inspect ${CONSISTENT}: expected a flags error, got ${rc}: ${err}")
endif()
