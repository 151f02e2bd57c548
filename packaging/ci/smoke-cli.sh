#!/usr/bin/env bash
# Runs an installed (or unpacked) valis-cli the way a person would, in an empty profile, and
# checks what an installer can get wrong: the program starts with the libraries shipped beside
# it, and finds and loads every plugin shipped with it.
#   packaging/ci/smoke-cli.sh VALIS_CLI PLUGIN_DIR
# Run it with an environment that does not point at the build machine's Qt (no QT_PLUGIN_PATH,
# no Qt on PATH), so only what the package holds is used.
set -euo pipefail

cli="${1:?usage: smoke-cli.sh VALIS_CLI PLUGIN_DIR}"
plugin_dir="${2:?usage: smoke-cli.sh VALIS_CLI PLUGIN_DIR}"
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
export VALIS_HOME="$home"

"$cli" --version

shipped=0
for plugin in "$plugin_dir"/*; do
    case "$plugin" in
        *.so | *.dll | *.dylib) shipped=$((shipped + 1)) ;;
    esac
done
if [ "$shipped" -eq 0 ]; then
    echo "no plugins in $plugin_dir" >&2
    exit 1
fi

listing="$("$cli" plugins --json)"
found="$(printf '%s\n' "$listing" | grep -c '"id"' || true)"
running="$(printf '%s\n' "$listing" | grep -c '"state":"running"' || true)"
if [ "$found" -ne "$shipped" ] || [ "$running" -ne "$shipped" ]; then
    echo "valis-cli found $found plugins, $running of them running; the package ships $shipped:" >&2
    printf '%s\n' "$listing" >&2
    exit 1
fi
echo "valis-cli starts and runs all $shipped plugins it ships with"
