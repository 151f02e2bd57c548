#!/usr/bin/env bash
# Runs the test suite of a Windows build, finding the DLLs the way an installed Valis does not
# have to: the build's own (valis-harness.dll), QtKeychain's, SQLite's and PostgreSQL's server
# for the DetailStore tests, all through PATH.
#   packaging/windows/run-tests.sh BUILD_DIR EXCLUDE_REGEX
# The workflow (.github/workflows/windows.yml) says which suites it excludes and why.
set -euo pipefail

build="${1:?usage: run-tests.sh BUILD_DIR EXCLUDE_REGEX}"
exclude="${2:?usage: run-tests.sh BUILD_DIR EXCLUDE_REGEX}"
path_of() {
    cygpath -u "$1"
}
extra="$(path_of "$build")/bin:$(path_of "${DEPS_PREFIX:?}")/bin:$(path_of "${SQLITE_PREFIX:?}")/bin"
# The runner image has a PostgreSQL server; its folder is not on PATH by default.
if [ -n "${PGBIN:-}" ]; then
    extra="$extra:$(path_of "$PGBIN")"
fi
PATH="$extra:$PATH" ctest --test-dir "$build" --output-on-failure --no-tests=error \
    --timeout 900 --parallel 2 --exclude-regex "$exclude"
