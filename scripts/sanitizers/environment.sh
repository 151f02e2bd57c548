# shellcheck shell=bash
# Runtime options for a VALIS_SANITIZE build (cmake/Sanitizers.cmake). `scripts/dev.sh test
# --sanitize` sources this before ctest; to run one suite by hand:
#   . scripts/sanitizers/environment.sh && cd build-asan && ctest -R '^store$' --output-on-failure
# The variables are inherited by every process a test starts: valis-cli, the test helpers and
# plugins are instrumented and obey them; QtWebEngineProcess, bwrap, node and the sandboxed
# commands are not instrumented and ignore them.
sanitizers_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# A report ends the process with a failure (halt_on_error), so the test fails; detect_leaks runs
# LeakSanitizer at exit. check_initialization_order catches static initialisation order bugs
# between the executables, the harness library and the plugins; detect_stack_use_after_return
# catches pointers to dead stack frames (GCC instruments for it whenever ASan is on).
# strict_string_checks stays off: its interceptors apply to the uninstrumented libraries too,
# which may pass C string functions buffers that are not NUL-terminated on purpose.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:check_initialization_order=1:detect_stack_use_after_return=1:print_summary=1"
# Leaks inside third-party libraries only, each with its reason (lsan.supp).
export LSAN_OPTIONS="suppressions=$sanitizers_dir/lsan.supp:print_suppressions=0"
# -fno-sanitize-recover=undefined already stops at the first report; this makes it print where.
# ubsan.supp: checks that misfire on third-party code, each with its reason.
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$sanitizers_dir/ubsan.supp"
# QtTest stops a test function after 300 s (its watchdog); the sanitizers make code about three
# times slower, as CTest's timeouts allow for (tests/CMakeLists.txt): the same factor here (a
# scripted valis-cli session of tst_gradientsession takes 95 s in the release build).
export QTEST_FUNCTION_TIMEOUT=900000
# llvm-symbolizer, when installed, gives function names with inlined frames.
if command -v llvm-symbolizer >/dev/null 2>&1; then
    ASAN_SYMBOLIZER_PATH="$(command -v llvm-symbolizer)"
    export ASAN_SYMBOLIZER_PATH
fi
unset sanitizers_dir
