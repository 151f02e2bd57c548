#!/usr/bin/env bash
# Unpacks the portable ZIP and checks it the way a person would use it: every piece Qt and
# QtWebEngine need is in its place, and valis-cli runs from it with no Qt, vcpkg or build
# folder on the PATH.
#   packaging/windows/check-package.sh valis-VERSION-windows-x64.zip
set -euo pipefail

zip="${1:?usage: check-package.sh PACKAGE.zip}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
unzip -q "$zip" -d "$work"
root="$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)"

for path in bin/valis.exe bin/valis-cli.exe bin/valis-harness.dll bin/qt.conf \
    bin/QtWebEngineProcess.exe bin/Qt6Core.dll bin/Qt6WebEngineCore.dll bin/qt6keychain.dll \
    bin/sqlite3.dll bin/vcruntime140.dll bin/msvcp140.dll plugins/platforms/qwindows.dll \
    plugins/sqldrivers/qsqlite.dll resources/qtwebengine_resources.pak \
    translations/qtwebengine_locales share/doc/valis; do
    if [ ! -e "$root/$path" ]; then
        echo "$path is missing from $zip" >&2
        exit 1
    fi
done

# Windows finds DLLs beside the program first; nothing else that could hold Qt stays reachable.
env -u QT_PLUGIN_PATH -u QML2_IMPORT_PATH PATH="/usr/bin:/c/Windows/System32:/c/Windows" \
    "$here/../ci/smoke-cli.sh" "$root/bin/valis-cli.exe" "$root/lib/valis/plugins"
echo "$zip is complete"
