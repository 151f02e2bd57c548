# VALIS_SANITIZE: everything this build makes (harness, plugins, desktop, valis-cli, tests and
# their helper programs) is compiled and linked with AddressSanitizer (with LeakSanitizer) and
# UndefinedBehaviorSanitizer, so the test suite finds memory errors, leaks and undefined
# behaviour. `scripts/dev.sh test --sanitize` configures such a build in its own folder and runs
# the suite with the runtime options and leak suppressions in scripts/sanitizers/.
#
# The options are directory-wide rather than on valis_common_cfg because a few targets (test
# helpers, generated protocol code) do not link it, and plugins are dlopen()ed: every executable
# must carry the ASan runtime itself, which must be the first library loaded into the process.
option(VALIS_SANITIZE "Build everything with ASan and UBSan (scripts/dev.sh test --sanitize)" OFF)
if(NOT VALIS_SANITIZE)
    return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang" OR WIN32 OR APPLE)
    message(FATAL_ERROR "VALIS_SANITIZE is for GCC or Clang on Linux")
endif()

# -fno-sanitize-recover: undefined behaviour stops the test at the first report, so a finding
# fails the test rather than scrolling past in its output. -g1 gives line tables for the stack
# traces at a fraction of full debug info. -O1 instead of the release -O3: what the ASan
# documentation recommends, it keeps frames readable and compiles much faster.
add_compile_options(
    -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g1
    $<$<NOT:$<CONFIG:Debug>>:-O1>)
add_link_options(-fsanitize=address,undefined)

# _FORTIFY_SOURCE's __*_chk wrappers overlap ASan's checks and hide some accesses from its
# interceptors, and stack protector and CET add nothing under ASan; the hardening is the
# shipped build's concern (its checks run on the release build's packages), so it is off here.
set(VALIS_HARDENING OFF)
# GCC's manual recommends against -Werror with sanitizers: the instrumentation makes its flow
# warnings (-Wmaybe-uninitialized and friends) misfire. The release build keeps the warnings.
set(VALIS_WARNINGS_AS_ERRORS OFF)
# Benchmarks are not run by the suite and their figures mean nothing under ASan.
set(VALIS_BUILD_BENCH OFF)
message(STATUS "VALIS_SANITIZE: ASan+UBSan build; hardening, -Werror and benchmarks off")
