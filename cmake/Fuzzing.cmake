# VALIS_FUZZ: the libFuzzer targets in fuzz/, under AddressSanitizer and UndefinedBehaviorSanitizer.
#
# A fuzz build is a build of its own (scripts/dev.sh fuzz uses build-fuzz) and builds nothing
# else: the desktop, the plugins, the tests and the benches are switched off, and the targets
# link only the harness and plugin sources that hold a parser (fuzz/CMakeLists.txt), compiled
# with -fsanitize=fuzzer-no-link,address,undefined; the targets themselves link
# -fsanitize=fuzzer. libFuzzer is clang's (Debian's clang 14 has libclang_rt.fuzzer), so
# configure with CMAKE_CXX_COMPILER=clang++.
option(VALIS_FUZZ "Build the libFuzzer targets in fuzz/ with ASan and UBSan (clang only), and nothing else" OFF)
if(NOT VALIS_FUZZ)
    return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "VALIS_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
endif()
foreach(part IN ITEMS VALIS_BUILD_DESKTOP VALIS_BUILD_PLUGINS VALIS_BUILD_TESTS VALIS_BUILD_BENCH)
    set(${part} OFF CACHE BOOL "" FORCE)
endforeach()
# _FORTIFY_SOURCE's checked functions hide accesses from ASan's interceptors; ASan checks more.
set(VALIS_HARDENING OFF CACHE BOOL "" FORCE)
# UBSan findings abort like ASan's, so libFuzzer keeps the input; the frame pointers give
# complete stacks in the reports.
set(VALIS_SANITIZER_OPTIONS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
