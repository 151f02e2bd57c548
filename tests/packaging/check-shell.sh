#!/usr/bin/env bash
# Runs shellcheck on every shell script of the packaging (packaging/**/*.sh), of scripts/ and of
# these checks, so the scripts the Windows, macOS and Linux workflows run are checked here
# even though they cannot run here.
#   tests/packaging/check-shell.sh SOURCE_DIR SHELLCHECK
set -euo pipefail

source_dir="${1:?usage: check-shell.sh SOURCE_DIR SHELLCHECK}"
shellcheck="${2:?usage: check-shell.sh SOURCE_DIR SHELLCHECK}"
cd "$source_dir"

scripts=()
while IFS= read -r -d '' script; do
    scripts+=("$script")
done < <(find packaging scripts tests/packaging -name '*.sh' -type f -print0 | sort -z)
# The scripts the workflows call must be among them: a moved folder must not leave nothing to check.
# (A here-string, not `printf | grep -q`: under pipefail grep's early exit can fail printf with SIGPIPE.)
for required in scripts/dev.sh packaging/ci/smoke-cli.sh packaging/macos/sign.sh packaging/windows/check-package.sh; do
    grep -qx -- "$required" <<<"$(printf '%s\n' "${scripts[@]}")" || { echo "$required was not found" >&2; exit 1; }
done
"$shellcheck" --external-sources "${scripts[@]}"
echo "shellcheck passed ${#scripts[@]} scripts"
