#!/usr/bin/env bash
# The packaging checks must fail on broken files, or passing them means nothing: each check
# runs here on a copy with one deliberate fault and must fail, naming that fault.
#   tests/packaging/check-detects-breakage.sh SOURCE_DIR PYTHON ACTIONLINT SHELLCHECK FLATPAK_BUILDER
set -euo pipefail

source_dir="${1:?}"
python="${2:?}"
actionlint="${3:?}"
shellcheck="${4:?}"
flatpak_builder="${5:?}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0

# expect_failure NAME PATTERN COMMAND...: COMMAND must exit non-zero and print PATTERN.
expect_failure() {
    local name="$1" pattern="$2"
    shift 2
    local output status=0
    output="$("$@" 2>&1)" || status=$?
    if [ "$status" -eq 0 ]; then
        echo "FAIL: $name: the check passed a broken file" >&2
        failures=$((failures + 1))
    elif ! grep -q -- "$pattern" <<<"$output"; then
        echo "FAIL: $name: the check failed, but did not say '$pattern':" >&2
        printf '%s\n' "$output" >&2
        failures=$((failures + 1))
    else
        echo "ok: $name"
    fi
}
# break_copy SOURCE TARGET SED_EXPRESSION: TARGET is SOURCE with the expression applied, which
# must change something.
break_copy() {
    sed "$3" "$1" > "$2"
    if cmp -s "$1" "$2"; then
        echo "FAIL: '$3' changed nothing in $1; the fault was not planted" >&2
        exit 1
    fi
}

workflow="$source_dir/.github/workflows/linux.yml"
check_workflow=("$python" "$here/check-workflows.py" "$actionlint" "$shellcheck")
break_copy "$workflow" "$work/timeout.yml" 's/timeout-minutes: [0-9]*/timeout-minutes: soon/'
expect_failure "actionlint on a wrong value" "actionlint" "${check_workflow[@]}" "$work/timeout.yml"
break_copy "$workflow" "$work/unpinned.yml" 's/actions\/checkout@[0-9a-f]*/actions\/checkout@v7/'
expect_failure "an action not pinned to a commit" "not pinned" "${check_workflow[@]}" "$work/unpinned.yml"
# shellcheck disable=SC2016 # the unquoted variable is the planted fault
break_copy "$workflow" "$work/shell.yml" 's/cpack -G "DEB;RPM"/cpack -G $generators/'
expect_failure "shellcheck on a run step" "SC2086" "${check_workflow[@]}" "$work/shell.yml"
break_copy "$workflow" "$work/order.yml" 's/run: scripts\/dev.sh test/run: scripts\/dev.sh build/'
expect_failure "packaging without the test suite" "test suite" "${check_workflow[@]}" "$work/order.yml"
break_copy "$workflow" "$work/write.yml" 's/contents: read/contents: write/'
expect_failure "a permission to write" "more than read" "${check_workflow[@]}" "$work/write.yml"

mkdir -p "$work/tree/packaging/ci" "$work/tree/packaging/macos" "$work/tree/packaging/windows" "$work/tree/scripts" "$work/tree/tests/packaging"
cp "$source_dir/scripts/dev.sh" "$work/tree/scripts/"
cp "$source_dir/packaging/ci/smoke-cli.sh" "$work/tree/packaging/ci/"
cp "$source_dir/packaging/macos/sign.sh" "$work/tree/packaging/macos/"
cp "$source_dir/packaging/windows/check-package.sh" "$work/tree/packaging/windows/"
# shellcheck disable=SC2016 # the unquoted variable is the planted fault
printf '#!/usr/bin/env bash\nrm -rf $1/\n' > "$work/tree/packaging/ci/broken.sh"
expect_failure "shellcheck on a packaging script" "SC2086" "$here/check-shell.sh" "$work/tree" "$shellcheck"
rm "$work/tree/packaging/ci/smoke-cli.sh" "$work/tree/packaging/ci/broken.sh"
expect_failure "a script the workflows call went missing" "smoke-cli.sh was not found" "$here/check-shell.sh" "$work/tree" "$shellcheck"

manifest="$source_dir/packaging/flatpak/org.valis.Valis.yml"
check_flatpak=("$python" "$here/check-flatpak.py")
mkdir "$work/host" "$work/version" "$work/property"
break_copy "$manifest" "$work/host/org.valis.Valis.yml" 's/--filesystem=home/--filesystem=host/'
expect_failure "a permission nobody reviewed" "filesystem=host" "${check_flatpak[@]}" "$work/host/org.valis.Valis.yml" "$source_dir" "$flatpak_builder"
break_copy "$manifest" "$work/version/org.valis.Valis.yml" "s/^base-version: .*/base-version: '6.5'/"
expect_failure "a BaseApp of another Qt" "base-version" "${check_flatpak[@]}" "$work/version/org.valis.Valis.yml" "$source_dir" "$flatpak_builder"
break_copy "$manifest" "$work/property/org.valis.Valis.yml" 's/^cleanup-commands:/cleanup-comands:/'
expect_failure "a property flatpak-builder does not know" "Unknown property" "${check_flatpak[@]}" "$work/property/org.valis.Valis.yml" "$source_dir" "$flatpak_builder"

if [ "$failures" -gt 0 ]; then
    echo "$failures checks let a broken file pass" >&2
    exit 1
fi
echo "every check failed on its broken file"
