# The test mscclc_add_golden_test registers (cmake -P, MscclcPlans.cmake):
#
#   cmake -DMSCCLC_EXECUTABLE=<mscclc> -DMSCCLC_GOLDEN_CONFIG=<file> -P MscclcGolden.cmake
#
# The config file sets MSCCLC_GOLDEN_NAME, _SOURCE, _GOLDEN, _PLAN (where
# the compiled plan goes), _FLAGS (mscclc's options) and _BUILD_DIR (the
# build tree's top, for the ctest command the messages suggest). The test
# compiles the source, then compares the plan with the golden file with
# `mscclc diff` (by meaning: renumbered ids are equal); with
# MSCCLC_UPDATE_GOLDEN=1 (or ON, TRUE, YES) in the environment it writes the
# plan's bytes to the golden file instead.
cmake_minimum_required(VERSION 3.20)
foreach(var IN ITEMS MSCCLC_EXECUTABLE MSCCLC_GOLDEN_CONFIG)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "MscclcGolden.cmake: -D${var}=... is required")
  endif()
endforeach()
include("${MSCCLC_GOLDEN_CONFIG}")
set(name "${MSCCLC_GOLDEN_NAME}")
set(golden "${MSCCLC_GOLDEN_GOLDEN}")
set(plan "${MSCCLC_GOLDEN_PLAN}")
string(TOUPPER "$ENV{MSCCLC_UPDATE_GOLDEN}" update)
if(update MATCHES "^(1|ON|TRUE|YES)$")
  set(update ON)
else()
  set(update OFF)
endif()
# `ctest -R` takes a regular expression.
string(REGEX REPLACE "([][.*+?^$()|{}\\])" "\\\\\\1" name_regex "${name}")
# Lines that start with spaces are printed as they are, never wrapped.
set(rerun "\n    MSCCLC_UPDATE_GOLDEN=1 ctest --test-dir '${MSCCLC_GOLDEN_BUILD_DIR}' -R '^${name_regex}$'")

# Compile. mscclc writes no file on error, so an old plan is never compared.
get_filename_component(plan_dir "${plan}" DIRECTORY)
file(MAKE_DIRECTORY "${plan_dir}")
file(REMOVE "${plan}")
execute_process(
  COMMAND "${MSCCLC_EXECUTABLE}" "${MSCCLC_GOLDEN_SOURCE}" ${MSCCLC_GOLDEN_FLAGS} -o "${plan}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${name}: mscclc could not compile ${MSCCLC_GOLDEN_SOURCE} "
                      "(exit status ${rc}; its diagnostics are above)")
endif()

if(update)
  if(EXISTS "${golden}")
    execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${golden}" "${plan}"
                    RESULT_VARIABLE same OUTPUT_QUIET ERROR_QUIET)
    if(same EQUAL 0)
      message("${name}: MSCCLC_UPDATE_GOLDEN: ${golden} is up to date")
      return()
    endif()
    # What the update changes (mscclc diff may also find nothing: then only
    # the numbering or the formatting changed).
    message("${name}: mscclc diff ${golden} ${plan}")
    execute_process(COMMAND "${MSCCLC_EXECUTABLE}" diff "${golden}" "${plan}"
                    OUTPUT_VARIABLE out ERROR_VARIABLE err)
    string(REGEX REPLACE "\n$" "" out "${out}${err}")
    message("${out}")
    set(verb "rewrote")
  else()
    set(verb "created")
  endif()
  # Byte for byte, through a rename in the golden file's directory.
  get_filename_component(golden_dir "${golden}" DIRECTORY)
  file(MAKE_DIRECTORY "${golden_dir}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E copy "${plan}" "${golden}.mscclc-tmp"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: cannot write ${golden}.mscclc-tmp")
  endif()
  file(RENAME "${golden}.mscclc-tmp" "${golden}")
  message("${name}: MSCCLC_UPDATE_GOLDEN: ${verb} ${golden} from ${MSCCLC_GOLDEN_SOURCE}")
  return()
endif()

if(NOT EXISTS "${golden}")
  message(FATAL_ERROR "${name}: the golden file ${golden} does not exist; "
                      "create it from ${MSCCLC_GOLDEN_SOURCE} with:${rerun}")
endif()
message("${name}: mscclc diff ${golden} ${plan}")
execute_process(COMMAND "${MSCCLC_EXECUTABLE}" diff "${golden}" "${plan}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "\n$" "" out "${out}${err}")
message("${out}")
if(rc EQUAL 0)
  message("${name}: ${MSCCLC_GOLDEN_SOURCE} compiles to the plan in ${golden}")
elseif(rc EQUAL 1)
  message(FATAL_ERROR "${name}: ${MSCCLC_GOLDEN_SOURCE} no longer compiles to the plan "
                      "in ${golden}. The differences are above: in 'A became B', A is "
                      "the golden plan and B the new one (written to ${plan}). "
                      "If the change is intended, update the golden file:${rerun}")
else()
  message(FATAL_ERROR "${name}: mscclc diff could not compare the plans (exit status ${rc}, "
                      "message above); if ${golden} is damaged, recreate it with:${rerun}")
endif()
