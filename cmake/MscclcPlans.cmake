# mscclc_add_plan and mscclc_add_golden_test: plans compiled by mscclc as
# build steps, and ctest golden tests of them (docs/ci.md). The installed
# package (find_package(mscclc)) includes this file.
#
#   mscclc_add_plan(TARGET <name> SOURCE <algo.cpp|plan.json>
#                   OUTPUT <plan.json>
#                   [ALGO <algorithm>] [PARAMS <name>=<value> ...]
#                   [FLAGS <mscclc option> ...] [DEPENDS <file> ...])
#
# A custom command writes OUTPUT (relative to CMAKE_CURRENT_BINARY_DIR) and
# the target <name>, part of ALL, depends on it. The plan is rebuilt when
# SOURCE, mscclc or the DSL header changes. mscclc writes no dependency
# file, so headers that SOURCE includes itself are tracked only when listed
# in DEPENDS. The target's MSCCLC_PLAN_FILE property holds OUTPUT's
# absolute path.
#
#   mscclc_add_golden_test(NAME <test> SOURCE <algo.cpp|plan.json>
#                          GOLDEN <plan.json>
#                          [ALGO <algorithm>] [PARAMS <name>=<value> ...]
#                          [FLAGS <mscclc option> ...])
#
# A ctest test (label mscclc-golden) that compiles SOURCE and compares the
# plan with GOLDEN (relative to CMAKE_CURRENT_SOURCE_DIR) by meaning, with
# `mscclc diff`: it fails with the differences, or with mscclc's
# diagnostics when SOURCE does not compile. With MSCCLC_UPDATE_GOLDEN=1 in
# the environment it writes the compiled plan to GOLDEN instead (creating
# it if missing) and passes.
#
# SOURCE, ALGO, PARAMS (-P each) and FLAGS (e.g. -O0, -DNAME=1, -Werror)
# mean what they mean on mscclc's command line. MSCCLC_EXECUTABLE names the
# compiler (the package sets it; otherwise the `mscclc` target of this
# build is used).
set(_MSCCLC_GOLDEN_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/MscclcGolden.cmake")

# The compiler to run and what a plan depends on for it.
function(_mscclc_compiler fn out_compiler out_deps)
  if(MSCCLC_EXECUTABLE)
    set(${out_compiler} "${MSCCLC_EXECUTABLE}" PARENT_SCOPE)
    set(${out_deps} "${MSCCLC_EXECUTABLE}" ${MSCCLC_DSL_HEADER} PARENT_SCOPE)
  elseif(TARGET mscclc)
    set(${out_compiler} "$<TARGET_FILE:mscclc>" PARENT_SCOPE)
    set(${out_deps} mscclc PARENT_SCOPE)
  else()
    message(FATAL_ERROR "${fn}: no mscclc: use find_package(mscclc) or set MSCCLC_EXECUTABLE to the mscclc compiler")
  endif()
endfunction()

# Checks the arguments both functions share; sets <out_source> (absolute)
# and <out_flags> (mscclc's options for ALGO, PARAMS and FLAGS).
function(_mscclc_common_args fn out_source out_flags)
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${fn}: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  foreach(keyword IN LISTS arg_KEYWORDS_MISSING_VALUES)
    if(NOT keyword MATCHES "^(PARAMS|FLAGS|DEPENDS)$")
      message(FATAL_ERROR "${fn}: ${keyword} needs a value")
    endif()
  endforeach()
  if(NOT arg_SOURCE)
    message(FATAL_ERROR "${fn}: SOURCE is required (the algorithm source or plan to compile)")
  endif()
  get_filename_component(source "${arg_SOURCE}" ABSOLUTE)
  get_source_file_property(generated "${source}" GENERATED)
  if(NOT EXISTS "${source}" AND NOT generated)
    message(FATAL_ERROR "${fn}: SOURCE ${source} does not exist")
  endif()
  set(flags "")
  if(arg_ALGO)
    list(APPEND flags --algo "${arg_ALGO}")
  endif()
  foreach(p IN LISTS arg_PARAMS)
    if(NOT p MATCHES "^[A-Za-z_][A-Za-z0-9_]*=")
      message(FATAL_ERROR "${fn}: PARAMS takes <name>=<value> pairs, not '${p}'")
    endif()
    list(APPEND flags -P "${p}")
  endforeach()
  foreach(f IN LISTS arg_FLAGS)
    if(f MATCHES "^-o" OR f MATCHES "^--output($|=)" OR f MATCHES "^--emit-")
      message(FATAL_ERROR "${fn}: FLAGS may not choose the output ('${f}'); the function does")
    endif()
  endforeach()
  list(APPEND flags ${arg_FLAGS})
  set(${out_source} "${source}" PARENT_SCOPE)
  set(${out_flags} "${flags}" PARENT_SCOPE)
endfunction()

function(mscclc_add_plan)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;SOURCE;ALGO;OUTPUT" "PARAMS;FLAGS;DEPENDS")
  if(NOT arg_TARGET)
    message(FATAL_ERROR "mscclc_add_plan: TARGET is required (the name of the target that builds the plan)")
  endif()
  if(NOT arg_OUTPUT)
    message(FATAL_ERROR "mscclc_add_plan: OUTPUT is required (the plan file to write)")
  endif()
  if(TARGET "${arg_TARGET}")
    message(FATAL_ERROR "mscclc_add_plan: target ${arg_TARGET} already exists")
  endif()
  _mscclc_common_args(mscclc_add_plan source flags)
  _mscclc_compiler(mscclc_add_plan compiler compiler_deps)
  get_filename_component(output "${arg_OUTPUT}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  get_filename_component(output_dir "${output}" DIRECTORY)
  file(MAKE_DIRECTORY "${output_dir}")
  set(depends "")
  foreach(d IN LISTS arg_DEPENDS)
    get_filename_component(d "${d}" ABSOLUTE)
    list(APPEND depends "${d}")
  endforeach()
  add_custom_command(
    OUTPUT "${output}"
    COMMAND "${compiler}" "${source}" ${flags} -o "${output}"
    DEPENDS "${source}" ${compiler_deps} ${depends}
    COMMENT "Compiling ${arg_SOURCE} into ${arg_OUTPUT} (mscclc)"
    VERBATIM)
  add_custom_target(${arg_TARGET} ALL DEPENDS "${output}")
  set_target_properties(${arg_TARGET} PROPERTIES MSCCLC_PLAN_FILE "${output}")
endfunction()

# A CMake bracket argument holding <value> verbatim.
function(_mscclc_bracket out value)
  set(eq "")
  while("${value}]" MATCHES "]${eq}]")
    string(APPEND eq "=")
  endwhile()
  set(${out} "[${eq}[${value}]${eq}]" PARENT_SCOPE)
endfunction()

function(mscclc_add_golden_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;SOURCE;ALGO;GOLDEN" "PARAMS;FLAGS")
  if(NOT arg_NAME)
    message(FATAL_ERROR "mscclc_add_golden_test: NAME is required (the ctest test name)")
  endif()
  if(NOT arg_GOLDEN)
    message(FATAL_ERROR "mscclc_add_golden_test: GOLDEN is required (the blessed plan to compare with)")
  endif()
  _mscclc_common_args(mscclc_add_golden_test source flags)
  _mscclc_compiler(mscclc_add_golden_test compiler compiler_deps)
  # The golden file may be missing: the test says how to create it.
  get_filename_component(golden "${arg_GOLDEN}" ABSOLUTE)

  # The test's settings go to a file of set() commands: add_test would
  # split arguments that hold semicolons.
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/mscclc_golden")
  string(MAKE_C_IDENTIFIER "${arg_NAME}" id)
  get_property(ids DIRECTORY PROPERTY _MSCCLC_GOLDEN_IDS)
  if(id IN_LIST ids)
    message(FATAL_ERROR "mscclc_add_golden_test: test names '${arg_NAME}' and another test of this directory both map to '${id}'; rename one")
  endif()
  set_property(DIRECTORY APPEND PROPERTY _MSCCLC_GOLDEN_IDS "${id}")
  set(config "# Generated by mscclc_add_golden_test; do not edit.\n")
  foreach(var IN ITEMS NAME SOURCE GOLDEN PLAN FLAGS BUILD_DIR)
    if(var STREQUAL "NAME")
      set(values "${arg_NAME}")
    elseif(var STREQUAL "SOURCE")
      set(values "${source}")
    elseif(var STREQUAL "GOLDEN")
      set(values "${golden}")
    elseif(var STREQUAL "PLAN")
      set(values "${dir}/${id}.json")
    elseif(var STREQUAL "BUILD_DIR")
      set(values "${CMAKE_BINARY_DIR}")
    else()
      set(values "${flags}")
    endif()
    string(APPEND config "set(MSCCLC_GOLDEN_${var}")
    foreach(v IN LISTS values)
      _mscclc_bracket(quoted "${v}")
      string(APPEND config " ${quoted}")
    endforeach()
    string(APPEND config ")\n")
  endforeach()
  set(config_file "${dir}/${id}.cmake")
  set(old "")
  if(EXISTS "${config_file}")
    file(READ "${config_file}" old)
  endif()
  if(NOT old STREQUAL config)
    file(WRITE "${config_file}" "${config}")
  endif()
  add_test(NAME ${arg_NAME}
    COMMAND "${CMAKE_COMMAND}" "-DMSCCLC_EXECUTABLE=${compiler}"
            "-DMSCCLC_GOLDEN_CONFIG=${config_file}"
            -P "${_MSCCLC_GOLDEN_SCRIPT}")
  set_tests_properties(${arg_NAME} PROPERTIES LABELS mscclc-golden)
endfunction()
