# Configures, builds and runs tests/install/consumer, a separate project that gets Kiln one of the
# ways the README gives (MODE):
#   find_package      installs the build KILN_BUILD into a prefix; find_package(Kiln CONFIG)
#   add_subdirectory  add_subdirectory(KILN_SOURCE)
#   fetch_content     FetchContent from a tarball of the source tree: the files git tracks, as
#                     they are in the working tree, so uncommitted changes are tested too
# Invoked by ctest with -P and -DMODE= -DKILN_SOURCE= -DWORK= -DGENERATOR= -DCXX=
# (-DKILN_BUILD= for find_package, -DGIT= for fetch_content).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "${what} failed")
  endif()
endfunction()

# The test and benchmark dependencies are made unfindable: the consumer (see its CMakeLists.txt)
# turns any lookup of them into an error, so Kiln used as a subproject must not look for them.
set(config -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX} -DKILN_CONSUME=${MODE})
foreach(pkg GTest GMock benchmark Protobuf protobuf Flatbuffers FlatBuffers msgpack msgpack-cxx
            cereal nlohmann_json)
  list(APPEND config -DCMAKE_DISABLE_FIND_PACKAGE_${pkg}=ON)
endforeach()

if(MODE STREQUAL "find_package")
  run("installing ${KILN_BUILD}" ${CMAKE_COMMAND} --install ${KILN_BUILD} --prefix ${WORK}/prefix)
  # The sources sit beside the headers in the tree; only the headers are installed.
  file(GLOB_RECURSE installed RELATIVE ${WORK}/prefix/include ${WORK}/prefix/include/*)
  list(FILTER installed EXCLUDE REGEX "\\.hpp$")
  if(installed)
    message(FATAL_ERROR "installed under include/ besides headers: ${installed}")
  endif()
  if(NOT EXISTS ${WORK}/prefix/include/kiln/kiln.hpp)
    message(FATAL_ERROR "kiln/kiln.hpp was not installed")
  endif()
  list(APPEND config -DCMAKE_PREFIX_PATH=${WORK}/prefix)
elseif(MODE STREQUAL "add_subdirectory")
  list(APPEND config -DKILN_SOURCE=${KILN_SOURCE})
elseif(MODE STREQUAL "fetch_content")
  execute_process(COMMAND ${GIT} -c core.quotepath=off ls-files WORKING_DIRECTORY ${KILN_SOURCE}
                  OUTPUT_VARIABLE tracked RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "git ls-files failed in ${KILN_SOURCE}")
  endif()
  string(REGEX REPLACE "\n$" "" tracked "${tracked}")
  string(REPLACE "\n" ";" tracked "${tracked}")
  set(files "")
  foreach(f IN LISTS tracked)
    if(EXISTS ${KILN_SOURCE}/${f})  # not deleted in the working tree since the last git add
      string(APPEND files "${f}\n")
    endif()
  endforeach()
  file(WRITE ${WORK}/files.txt "${files}")
  # A release would leave them out too; named here because they are the likely cause of a failure.
  execute_process(COMMAND ${GIT} ls-files --others --exclude-standard
                  WORKING_DIRECTORY ${KILN_SOURCE} OUTPUT_VARIABLE untracked)
  if(untracked)
    message("Not in the tarball, as git does not track them:\n${untracked}")
  endif()
  run("packing the source tree" ${CMAKE_COMMAND} -E tar czf ${WORK}/kiln-src.tar.gz
      --files-from=${WORK}/files.txt WORKING_DIRECTORY ${KILN_SOURCE})
  file(SHA256 ${WORK}/kiln-src.tar.gz sha256)
  list(APPEND config -DKILN_URL=${WORK}/kiln-src.tar.gz -DKILN_URL_HASH=SHA256=${sha256})
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()

run("configuring the consumer project" ${CMAKE_COMMAND} -S ${KILN_SOURCE}/tests/install/consumer
    -B ${WORK}/build ${config})
run("building the consumer project" ${CMAKE_COMMAND} --build ${WORK}/build)
execute_process(COMMAND ${WORK}/build/consumer RESULT_VARIABLE rc OUTPUT_VARIABLE out)
message("${out}")
if(rc OR NOT out MATCHES "roundtrip ok")
  message(FATAL_ERROR "consumer did not round-trip")
endif()
