# Builds a user's own C++ types into an npm-ready package: the wasm core for those types, their
# generated JS encoders/decoders with TypeScript declarations, the Kiln JS runtime and a
# package.json. Configure with `emcmake cmake`; see docs/USER_TYPES.md.
#
#   include(<kiln>/cmake/KilnWasmModule.cmake)
#   kiln_add_wasm_module(NAME <npm package name> HEADER <header declaring the types>
#                        TYPES <C++ type | JsName=C++ type>...
#                        [SOURCES <.cpp>...] [OUTPUT_DIR <dir>] [VERSION <x.y.z>] [TARGET <name>]
#                        [INCLUDE_DIRS <dir>...] [LINK_LIBRARIES <lib>...])
#
# A type's JS name is its C++ name without namespaces (`acme::Shape` -> `Shape`); a template
# such as `std::vector<acme::Shape>` needs one given: `Shapes=std::vector<acme::Shape>`.
# The lower-level kiln_add_wasm_core and kiln_add_js_codecs build the two halves separately
# (the Kiln package itself uses them for its workload types).
include_guard(GLOBAL)

get_filename_component(KILN_SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

if(NOT EMSCRIPTEN)
  message(FATAL_ERROR "KilnWasmModule.cmake needs the Emscripten toolchain: configure with `emcmake cmake`")
endif()

find_program(KILN_NODE node REQUIRED)

# Emscripten's JS optimizer, run when em++ links at -O1 and above, loads the npm package acorn.
# Debian's node-acorn puts it in /usr/share/nodejs, where a node from elsewhere looks only when
# NODE_PATH says so. Checked here, so that a missing acorn fails at configure time with a remedy
# rather than late in the link; a folder found here is passed to every em++ link below.
function(_kiln_find_acorn)
  if(DEFINED KILN_ACORN_NODE_PATH)
    return()
  endif()
  # Resolved from the optimizer's own folder, as it will be (not from this build's folder, whose
  # parents may hold a node_modules that the optimizer never sees).
  execute_process(COMMAND "${KILN_NODE}" -e
                  "require.resolve('acorn', { paths: ['${EMSCRIPTEN_ROOT_PATH}/tools'] })"
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    set(KILN_ACORN_NODE_PATH "" CACHE INTERNAL "")
    return()
  endif()
  foreach(dir /usr/share/nodejs /usr/lib/nodejs /usr/local/lib/node_modules /usr/lib/node_modules)
    if(EXISTS "${dir}/acorn/package.json")
      set(KILN_ACORN_NODE_PATH "${dir}" CACHE INTERNAL "")
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "Kiln: Emscripten's optimizer needs the npm package acorn, and ${KILN_NODE} "
    "cannot find it. Install it (Debian: `apt install node-acorn`; or `npm install -g acorn`), or set "
    "NODE_PATH to the folder that holds it, then configure again.")
endfunction()
_kiln_find_acorn()

# Links <target> with NODE_PATH pointing at acorn when node does not find it by itself.
function(_kiln_link_with_acorn target)
  if(KILN_ACORN_NODE_PATH)
    set_property(TARGET ${target} PROPERTY CXX_LINKER_LAUNCHER
                 "${CMAKE_COMMAND};-E;env;NODE_PATH=${KILN_ACORN_NODE_PATH}")
  endif()
endfunction()

# Outside the Kiln tree, compile the core library with this project's em++.
if(NOT TARGET Kiln::kiln)
  set(KILN_BOOST_ROOT "/usr/include" CACHE PATH "Folder holding the boost/ headers (Boost.PFR)")
  if(NOT EXISTS "${KILN_BOOST_ROOT}/boost/pfr.hpp")
    message(FATAL_ERROR "Boost.PFR not found under KILN_BOOST_ROOT=${KILN_BOOST_ROOT}")
  endif()
  if(NOT DEFINED KILN_WARNINGS)
    set(KILN_WARNINGS -Wall -Wextra)
  endif()
  # em++ must not search the host's /usr/include (its libc headers), so it sees Boost through a
  # folder holding only a `boost` symlink.
  set(KILN_BOOST_INCLUDE "${CMAKE_BINARY_DIR}/kiln-boost-include")
  file(MAKE_DIRECTORY "${KILN_BOOST_INCLUDE}")
  file(CREATE_LINK "${KILN_BOOST_ROOT}/boost" "${KILN_BOOST_INCLUDE}/boost" SYMBOLIC)
  add_subdirectory("${KILN_SOURCE_DIR}/core" "${CMAKE_BINARY_DIR}/kiln-core" EXCLUDE_FROM_ALL)
endif()

# Splits TYPES entries into parallel lists of JS names and C++ types.
function(_kiln_split_types out_names out_types)
  set(names "")
  set(types "")
  foreach(entry IN LISTS ARGN)
    if(entry MATCHES "^([A-Za-z_$][A-Za-z0-9_$]*)=(.+)$")
      list(APPEND names "${CMAKE_MATCH_1}")
      list(APPEND types "${CMAKE_MATCH_2}")
    elseif(entry MATCHES "^(::)?([A-Za-z_][A-Za-z0-9_]*::)*([A-Za-z_][A-Za-z0-9_]*)$")
      list(APPEND names "${CMAKE_MATCH_3}")
      list(APPEND types "${entry}")
    else()
      message(FATAL_ERROR "Kiln: give `${entry}` a JS name, as JsName=${entry}")
    endif()
  endforeach()
  list(LENGTH names n)
  if(n EQUAL 0)
    message(FATAL_ERROR "Kiln: TYPES lists no types")
  endif()
  set(seen "")
  foreach(name IN LISTS names)
    if(name IN_LIST seen)
      message(FATAL_ERROR "Kiln: two types have the JS name ${name}; name one as JsName=<type>")
    endif()
    list(APPEND seen "${name}")
  endforeach()
  set(${out_names} "${names}" PARENT_SCOPE)
  set(${out_types} "${types}" PARENT_SCOPE)
endfunction()

# file(WRITE) only when the content changed, so builds do not redo work at every configure.
function(_kiln_write path content)
  if(EXISTS "${path}")
    file(READ "${path}" old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${path}" "${content}")
endfunction()

function(_kiln_absolute out path)
  get_filename_component(abs "${path}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(${out} "${abs}" PARENT_SCOPE)
endfunction()

function(_kiln_setup_target target header)
  cmake_parse_arguments(ARG "" "" "SOURCES;INCLUDE_DIRS;LINK_LIBRARIES" ${ARGN})
  get_filename_component(header_dir "${header}" DIRECTORY)
  target_sources(${target} PRIVATE ${ARG_SOURCES})
  target_include_directories(${target} PRIVATE "${header_dir}" ${ARG_INCLUDE_DIRS})
  target_link_libraries(${target} PRIVATE Kiln::kiln ${ARG_LINK_LIBRARIES})
  target_compile_options(${target} PRIVATE ${KILN_WARNINGS})
endfunction()

# kiln_add_wasm_core(<target> HEADER <h> TYPES ... OUTPUT_DIR <dir> [BASENAME <b>] [SOURCES ...]
#                    [INCLUDE_DIRS ...] [LINK_LIBRARIES ...])
# The C++ decoder/encoder for the types as an Emscripten ES module, written as <dir>/<b>.mjs next
# to the wasm binary <dir>/<b>.wasm and <dir>/<b>_wasm.mjs, a small module that loads it
# (wasm/write_core.mjs): read from disk in Node, fetched beside the module in a browser, and
# handed to the factory as bytes. BASENAME defaults to the target name; <target>_files writes the
# three files.
function(kiln_add_wasm_core target)
  cmake_parse_arguments(ARG "" "HEADER;OUTPUT_DIR;BASENAME" "TYPES;SOURCES;INCLUDE_DIRS;LINK_LIBRARIES" ${ARGN})
  if(NOT ARG_HEADER OR NOT ARG_OUTPUT_DIR)
    message(FATAL_ERROR "kiln_add_wasm_core(${target}): HEADER and OUTPUT_DIR are required")
  endif()
  if(NOT ARG_BASENAME)
    set(ARG_BASENAME ${target})
  endif()
  _kiln_absolute(header "${ARG_HEADER}")
  _kiln_split_types(names types ${ARG_TYPES})
  list(TRANSFORM names PREPEND "\"")
  list(TRANSFORM names APPEND "\"")
  list(JOIN names ", " name_list)
  list(JOIN types ", " type_list)
  set(source "${CMAKE_CURRENT_BINARY_DIR}/${target}_core.cpp")
  _kiln_write("${source}" "// Generated by kiln_add_wasm_core: the wasm core for ${target}.
#include \"module.hpp\"
#include \"${header}\"

KILN_WASM_MODULE((std::vector<std::string>{${name_list}}), ${type_list})
")
  add_executable(${target} "${source}")
  _kiln_setup_target(${target} "${header}" SOURCES ${ARG_SOURCES} INCLUDE_DIRS
                     "${KILN_SOURCE_DIR}/wasm" ${ARG_INCLUDE_DIRS} LINK_LIBRARIES ${ARG_LINK_LIBRARIES})
  target_link_options(${target} PRIVATE --bind -sDYNAMIC_EXECUTION=0 -sWASM_BIGINT=1
    -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 -sMODULARIZE=1 -sEXPORT_ES6=1
    -sEXPORT_NAME=createKilnCore -sENVIRONMENT=web,worker)
  set_target_properties(${target} PROPERTIES SUFFIX ".mjs")
  _kiln_link_with_acorn(${target})
  file(MAKE_DIRECTORY "${ARG_OUTPUT_DIR}")
  set(outputs "${ARG_OUTPUT_DIR}/${ARG_BASENAME}.mjs" "${ARG_OUTPUT_DIR}/${ARG_BASENAME}_wasm.mjs"
      "${ARG_OUTPUT_DIR}/${ARG_BASENAME}.wasm")
  add_custom_command(OUTPUT ${outputs}
    COMMAND "${KILN_NODE}" "${KILN_SOURCE_DIR}/wasm/write_core.mjs" $<TARGET_FILE:${target}>
            $<TARGET_FILE_DIR:${target}>/${target}.wasm ${outputs}
    DEPENDS ${target} "${KILN_SOURCE_DIR}/wasm/write_core.mjs"
    COMMENT "Writing the wasm core ${ARG_OUTPUT_DIR}/${ARG_BASENAME}.wasm and its modules")
  add_custom_target(${target}_files ALL DEPENDS ${outputs})
endfunction()

# kiln_add_js_codecs(<target> HEADER <h> TYPES ... OUTPUT <dir/stem> [RUNTIME <import>]
#                    [SOURCES ...] [INCLUDE_DIRS ...] [LINK_LIBRARIES ...])
# Compiles the generator (wasm/jsgen) for the types with em++, runs it under node at build time
# and writes <stem>.mjs (encoders/decoders) and <stem>.d.ts. RUNTIME is how those files import
# the Kiln JS runtime (default ./runtime/index.mjs). <target> builds them; <target>_gen is the
# generator.
function(kiln_add_js_codecs target)
  cmake_parse_arguments(ARG "" "HEADER;OUTPUT;RUNTIME" "TYPES;SOURCES;INCLUDE_DIRS;LINK_LIBRARIES" ${ARGN})
  if(NOT ARG_HEADER OR NOT ARG_OUTPUT)
    message(FATAL_ERROR "kiln_add_js_codecs(${target}): HEADER and OUTPUT are required")
  endif()
  if(NOT ARG_RUNTIME)
    set(ARG_RUNTIME "./runtime/index.mjs")
  endif()
  _kiln_absolute(header "${ARG_HEADER}")
  _kiln_split_types(names types ${ARG_TYPES})
  set(calls "")
  foreach(name type IN ZIP_LISTS names types)
    list(APPEND calls "kiln::jsgen::type<${type}>(\"${name}\")")
  endforeach()
  list(JOIN calls ",\n                          " call_list)
  set(source "${CMAKE_CURRENT_BINARY_DIR}/${target}_jsgen.cpp")
  _kiln_write("${source}" "// Generated by kiln_add_js_codecs: the JS generator for ${target}.
#include \"generator.hpp\"
#include \"${header}\"

int main(int argc, char** argv) {
  return kiln::jsgen::run(argc, argv, ${call_list});
}
")
  set(gen ${target}_gen)
  add_executable(${gen} "${source}")
  _kiln_setup_target(${gen} "${header}" SOURCES ${ARG_SOURCES} INCLUDE_DIRS
                     "${KILN_SOURCE_DIR}/wasm/jsgen" ${ARG_INCLUDE_DIRS} LINK_LIBRARIES ${ARG_LINK_LIBRARIES})
  # Compiled by the same em++ and run under node, so a wasm-only build needs no host compiler.
  target_link_options(${gen} PRIVATE -sENVIRONMENT=node -sNODERAWFS=1 -sSINGLE_FILE=1)
  set_target_properties(${gen} PROPERTIES SUFFIX ".js")
  _kiln_link_with_acorn(${gen})
  get_filename_component(out_dir "${ARG_OUTPUT}" DIRECTORY)
  file(MAKE_DIRECTORY "${out_dir}")
  add_custom_command(
    OUTPUT "${ARG_OUTPUT}.mjs" "${ARG_OUTPUT}.d.ts"
    COMMAND "${KILN_NODE}" $<TARGET_FILE:${gen}> "${ARG_OUTPUT}.mjs" "${ARG_OUTPUT}.d.ts" "${ARG_RUNTIME}"
    DEPENDS ${gen}
    COMMENT "Generating JS encoders/decoders: ${ARG_OUTPUT}.mjs")
  add_custom_target(${target} ALL DEPENDS "${ARG_OUTPUT}.mjs" "${ARG_OUTPUT}.d.ts")
endfunction()

# kiln_add_wasm_module: the whole package (see the top of this file). Its layout:
#   package.json  index.mjs  index.d.ts      entry: the types, Codec, KilnError, loadCore()
#   types.mjs  types.d.ts                    generated encoders/decoders
#   core.mjs  core_wasm.mjs  core.wasm       the wasm core for the types: the Emscripten factory,
#                                            the module that loads core.wasm, the wasm binary
#   runtime/                                 the Kiln JS runtime these files were generated for
function(kiln_add_wasm_module)
  cmake_parse_arguments(ARG "" "NAME;HEADER;OUTPUT_DIR;VERSION;TARGET"
                        "TYPES;SOURCES;INCLUDE_DIRS;LINK_LIBRARIES" ${ARGN})
  if(NOT ARG_NAME OR NOT ARG_HEADER OR NOT ARG_TYPES)
    message(FATAL_ERROR "kiln_add_wasm_module: NAME, HEADER and TYPES are required")
  endif()
  if(NOT ARG_NAME MATCHES "^(@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*$")
    message(FATAL_ERROR "kiln_add_wasm_module: `${ARG_NAME}` is not a valid npm package name")
  endif()
  if(NOT ARG_TARGET)
    string(REGEX REPLACE "[^A-Za-z0-9_]" "_" ARG_TARGET "${ARG_NAME}")
    string(REGEX REPLACE "^_+" "" ARG_TARGET "${ARG_TARGET}")
  endif()
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}")
  endif()
  _kiln_absolute(out "${ARG_OUTPUT_DIR}")
  if(NOT ARG_VERSION)
    set(ARG_VERSION "${PROJECT_VERSION}")
  endif()
  if(NOT ARG_VERSION)
    set(ARG_VERSION "0.0.0")
  endif()
  _kiln_split_types(names types ${ARG_TYPES})
  set(common HEADER "${ARG_HEADER}" TYPES ${ARG_TYPES} SOURCES ${ARG_SOURCES}
      INCLUDE_DIRS ${ARG_INCLUDE_DIRS} LINK_LIBRARIES ${ARG_LINK_LIBRARIES})

  kiln_add_wasm_core(${ARG_TARGET}_core ${common} OUTPUT_DIR "${out}" BASENAME core)
  kiln_add_js_codecs(${ARG_TARGET}_js ${common} OUTPUT "${out}/types" RUNTIME ./runtime/index.mjs)

  # The runtime is copied in, pinned to the generator that wrote types.mjs (docs/USER_TYPES.md).
  file(GLOB_RECURSE runtime_files CONFIGURE_DEPENDS RELATIVE "${KILN_SOURCE_DIR}/js/runtime"
       "${KILN_SOURCE_DIR}/js/runtime/*")
  set(runtime_sources "")
  set(runtime_copies "")
  # Emptied first, so that a file removed from js/runtime does not linger in the package.
  set(runtime_commands COMMAND ${CMAKE_COMMAND} -E rm -rf "${out}/runtime"
                       COMMAND ${CMAKE_COMMAND} -E make_directory "${out}/runtime")
  foreach(f IN LISTS runtime_files)
    get_filename_component(dir "${f}" DIRECTORY)
    if(dir)  # a subfolder (runtime/schema/)
      list(APPEND runtime_commands COMMAND ${CMAKE_COMMAND} -E make_directory "${out}/runtime/${dir}")
    endif()
    list(APPEND runtime_sources "${KILN_SOURCE_DIR}/js/runtime/${f}")
    list(APPEND runtime_copies "${out}/runtime/${f}")
    list(APPEND runtime_commands COMMAND ${CMAKE_COMMAND} -E copy_if_different
         "${KILN_SOURCE_DIR}/js/runtime/${f}" "${out}/runtime/${f}")
  endforeach()
  add_custom_command(OUTPUT ${runtime_copies}
    ${runtime_commands}
    DEPENDS ${runtime_sources}
    COMMENT "Copying the Kiln JS runtime into ${out}/runtime")

  list(JOIN names ", " export_list)
  list(JOIN types ", " cpp_list)
  _kiln_write("${out}/package.json" "{
  \"name\": \"${ARG_NAME}\",
  \"version\": \"${ARG_VERSION}\",
  \"description\": \"Kiln encoders and decoders for ${cpp_list}\",
  \"type\": \"module\",
  \"main\": \"./index.mjs\",
  \"types\": \"./index.d.ts\",
  \"exports\": {
    \".\": {
      \"types\": \"./index.d.ts\",
      \"default\": \"./index.mjs\"
    }
  },
  \"files\": [\"*.mjs\", \"*.d.ts\", \"core.wasm\", \"runtime/\"],
  \"sideEffects\": false,
  \"engines\": {
    \"node\": \">=20\"
  }
}
")
  _kiln_write("${out}/index.mjs" "// ${ARG_NAME}: Kiln encoders and decoders for ${cpp_list}.
// Generated by kiln_add_wasm_module: do not edit, rebuild instead.
import { coreLoader } from './runtime/core_loader.mjs';

export { Codec, KilnError, DEFAULT_LIMITS } from './runtime/index.mjs';
export { ${export_list} } from './types.mjs';

/** Loads this package's wasm core (the C++ decoder and encoder of its types) once: core.wasm,
 *  read from beside core_wasm.mjs (a file in Node, fetched from the same place in a browser). */
export const loadCore = coreLoader(() => Promise.all([import('./core.mjs'), import('./core_wasm.mjs')]));
")
  _kiln_write("${out}/index.d.ts" "// Types of ${ARG_NAME}. Generated by kiln_add_wasm_module: do not edit.
// Declarations import each other by their .js names, which resolve under node16, nodenext and bundler.
export * from './types.js';
export {
  Codec, CodecConfig, CodecOptions, Decoded, Int64AsNumber, MapsAsMap, KilnError, KilnType, Limits, DEFAULT_LIMITS,
  TypeReadOptions,
} from './runtime/index.js';
export { KilnCore } from './runtime/core_loader.js';

/** Loads this package's wasm core once: core.wasm, shipped in the package beside core_wasm.mjs. */
export declare function loadCore(): Promise<import('./runtime/core_loader.js').KilnCore>;
")
  add_custom_target(${ARG_TARGET} ALL DEPENDS ${runtime_copies})
  add_dependencies(${ARG_TARGET} ${ARG_TARGET}_core_files ${ARG_TARGET}_js)
endfunction()
