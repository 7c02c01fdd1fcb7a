# Profile-guided optimisation of mscclc's own code (GCC).
#
# The evaluator is an interpreter: most of its time goes to branches on
# AST node kinds and value kinds whose outcomes a profile predicts well.
# Built with a profile of its own runs, the all-pairs compile takes about
# 10% less time (docs/performance.md). The build therefore has two stages:
#
#   1. build/pgo/instrumented: a second configuration of this source tree,
#      MSCCLC_PGO_INSTRUMENT=ON and the same compiler flags, that builds
#      only the mscclc executable, compiled with -fprofile-generate;
#   2. cmake/pgo-train.py runs that executable on the training programs
#      (the conformance programs and the samples), then copies the counts
#      each instrumented object left (X.cpp.gcda beside X.cpp.o) to the
#      same place in this build, beside the object's twin;
#
# and the libraries of mscclc in this build are then compiled with
# -fprofile-use, which reads the counts beside each object. (Counts
# gathered in one directory instead would be named after each object's
# absolute path as the compiler sees it, which a symlinked build
# directory changes.)
#
# The training reruns only when the instrumented executable was relinked,
# and the objects of this build wait for it without depending on its
# files: after an edit, the edited sources are compiled in both stages,
# the instrumented executable is relinked and the training runs again
# (about 10 s), whichever library of mscclc the edit is in.
#
# -DMSCCLC_PGO=OFF (or MSCCLC_PGO=0 in the environment of the first
# ./scripts/setup) builds one stage, without a profile. Deleting build/pgo
# starts the first stage afresh.

option(MSCCLC_PGO_INSTRUMENT
       "internal: the instrumented stage of a profile-guided build" OFF)
mark_as_advanced(MSCCLC_PGO_INSTRUMENT)

if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT MSCCLC_SANITIZE
   AND NOT MSCCLC_FUZZ AND NOT MSCCLC_PGO_INSTRUMENT
   AND CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo)$")
  set(pgo_default ON)
else()
  set(pgo_default OFF)
endif()
option(MSCCLC_PGO
       "compile mscclc with a profile of its own runs (GCC, two-stage build)"
       ${pgo_default})
if(MSCCLC_PGO AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "MSCCLC_PGO needs GCC (found ${CMAKE_CXX_COMPILER_ID}); "
          "configure with -DMSCCLC_PGO=OFF")
endif()
# The instrumented stage is built without the sanitizers: its counts would
# not fit objects that have their checks.
if(MSCCLC_PGO AND (MSCCLC_SANITIZE OR MSCCLC_FUZZ))
  message(FATAL_ERROR "MSCCLC_PGO cannot be combined with MSCCLC_SANITIZE "
          "or MSCCLC_FUZZ; configure with -DMSCCLC_PGO=OFF")
endif()

if(MSCCLC_PGO_INSTRUMENT)
  # Every object is instrumented. Atomic counters: lowering and the plan
  # verifier run on worker threads. No warnings: the main build reports
  # those, and instrumented code makes GCC's flow-based checks report
  # false ones (-Wnonnull inside Clang's ExternalASTSource.h).
  add_compile_options(
    "$<$<COMPILE_LANGUAGE:CXX>:-w>"
    "$<$<COMPILE_LANGUAGE:CXX>:-fprofile-generate>"
    "$<$<COMPILE_LANGUAGE:CXX>:-fprofile-update=atomic>")
  add_link_options("$<$<LINK_LANGUAGE:CXX>:-fprofile-generate>")
endif()

# Compiles the objects of each target with the training's counts, once the
# training has run. -fprofile-partial-training: a function the training
# never ran is optimised as it would be without a profile, not for size.
# A source edited while the build runs, after its instrumented compile and
# before this one, no longer matches its counts: GCC then warns and
# compiles that function without them (an error by default).
function(mscclc_profile_guided)
  if(NOT MSCCLC_PGO)
    return()
  endif()
  foreach(target IN LISTS ARGN)
    target_compile_options(${target} PRIVATE
      "$<$<COMPILE_LANGUAGE:CXX>:-fprofile-use>"
      "$<$<COMPILE_LANGUAGE:CXX>:-fprofile-partial-training>"
      "$<$<COMPILE_LANGUAGE:CXX>:-Wno-error=coverage-mismatch>")
    add_dependencies(${target} mscclc_pgo_profile)
  endforeach()
endfunction()

if(NOT MSCCLC_PGO)
  return()
endif()

find_package(Python3 REQUIRED COMPONENTS Interpreter)
include(ExternalProject)
set(pgo_dir "${CMAKE_BINARY_DIR}/pgo")
set(pgo_build "${pgo_dir}/instrumented")
set(pgo_mscclc "${pgo_build}/compiler/mscclc")
# The jobs of ./scripts/setup's build (MSCCLC_JOBS, default 2) when this
# build was configured.
if(DEFINED ENV{MSCCLC_JOBS})
  set(pgo_jobs "$ENV{MSCCLC_JOBS}")
else()
  set(pgo_jobs 2)
endif()
string(TOUPPER "${CMAKE_BUILD_TYPE}" pgo_config)
ExternalProject_Add(mscclc_pgo_instrumented
  PREFIX "${pgo_dir}/external"
  SOURCE_DIR "${PROJECT_SOURCE_DIR}"
  BINARY_DIR "${pgo_build}"
  CMAKE_GENERATOR "${CMAKE_GENERATOR}"
  # The same flags as this build (not the environment's when the first
  # stage is configured), or the counts would not fit its objects.
  CMAKE_CACHE_ARGS
    "-DCMAKE_BUILD_TYPE:STRING=${CMAKE_BUILD_TYPE}"
    "-DCMAKE_CXX_COMPILER:FILEPATH=${CMAKE_CXX_COMPILER}"
    "-DCMAKE_CXX_FLAGS:STRING=${CMAKE_CXX_FLAGS}"
    "-DCMAKE_CXX_FLAGS_${pgo_config}:STRING=${CMAKE_CXX_FLAGS_${pgo_config}}"
    "-DCMAKE_EXE_LINKER_FLAGS:STRING=${CMAKE_EXE_LINKER_FLAGS}"
    "-DMSCCLC_STATIC_CLANG:BOOL=${MSCCLC_STATIC_CLANG}"
    "-DMSCCLC_PGO:BOOL=OFF"
    "-DMSCCLC_PGO_INSTRUMENT:BOOL=ON"
    "-DMSCCLC_CUDA:BOOL=OFF"
  BUILD_COMMAND ${CMAKE_COMMAND} --build <BINARY_DIR> --target mscclc
                -j ${pgo_jobs}
  BUILD_ALWAYS ON
  BUILD_BYPRODUCTS "${pgo_mscclc}"
  # Its progress shows as it goes (the first build takes minutes).
  USES_TERMINAL_BUILD ON
  INSTALL_COMMAND ""
  TEST_COMMAND "")

# The training: its counts replace the last ones whenever the instrumented
# executable or the training changed.
set(pgo_stamp "${pgo_dir}/profile.stamp")
add_custom_command(
  OUTPUT "${pgo_stamp}"
  COMMAND "${Python3_EXECUTABLE}" "${PROJECT_SOURCE_DIR}/cmake/pgo-train.py"
          --mscclc "${pgo_mscclc}" --source-root "${PROJECT_SOURCE_DIR}"
          --instrumented-build "${pgo_build}" --build "${CMAKE_BINARY_DIR}"
          --work-dir "${pgo_dir}/runs"
  COMMAND "${CMAKE_COMMAND}" -E touch "${pgo_stamp}"
  DEPENDS "${pgo_mscclc}" "${PROJECT_SOURCE_DIR}/cmake/pgo-train.py"
          "${PROJECT_SOURCE_DIR}/tests/conformance/manifest.tsv"
          "${PROJECT_SOURCE_DIR}/tests/tools/conformance_manifest.py"
  COMMENT "Training mscclc's profile (the instrumented compiler on the conformance programs and samples)"
  VERBATIM)
add_custom_target(mscclc_pgo_profile DEPENDS "${pgo_stamp}")
add_dependencies(mscclc_pgo_profile mscclc_pgo_instrumented)
