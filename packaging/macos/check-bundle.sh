#!/usr/bin/env bash
# Checks a deployed Valis.app before it is packaged: the layout sign.sh and the app rely on,
# no library loaded from the build machine, and valis-cli running from inside the bundle with
# all its plugins.
#   packaging/macos/check-bundle.sh Valis.app
set -euo pipefail

app="${1:?usage: check-bundle.sh Valis.app}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
contents="$app/Contents"

for path in MacOS/Valis MacOS/valis-cli Info.plist Resources/valis.icns Resources/qt.conf \
    Frameworks/QtWebEngineCore.framework/Versions/A/Helpers/QtWebEngineProcess.app \
    PlugIns/platforms/libqcocoa.dylib PlugIns/sqldrivers/libqsqlite.dylib; do
    if [ ! -e "$contents/$path" ]; then
        echo "$contents/$path is missing" >&2
        exit 1
    fi
done
compgen -G "$contents/Frameworks/libvalis-harness*.dylib" > /dev/null || { echo "no libvalis-harness in Frameworks" >&2; exit 1; }
compgen -G "$contents/Frameworks/libqt6keychain*.dylib" > /dev/null || { echo "no QtKeychain in Frameworks" >&2; exit 1; }
plutil -lint "$contents/Info.plist"
[ "$(plutil -extract CFBundleIdentifier raw "$contents/Info.plist")" = "org.valis.Valis" ]

# Every Mach-O in the bundle may load only system libraries and what the bundle holds.
bad=0
while IFS= read -r -d '' file; do
    grep -q '^Mach-O' <<<"$(file -b "$file")" || continue
    while read -r dependency _; do
        case "$dependency" in
            /System/* | /usr/lib/* | @rpath/* | @loader_path/* | @executable_path/*) ;;
            *) echo "$file loads $dependency from outside the bundle" >&2; bad=1 ;;
        esac
    done < <(otool -L "$file" | tail -n +2)
done < <(find "$app" -type f -print0)
[ "$bad" -eq 0 ]

# Only what the bundle holds: no Qt from the runner, no library path overrides.
env -u QT_PLUGIN_PATH -u QML2_IMPORT_PATH -u DYLD_LIBRARY_PATH -u DYLD_FRAMEWORK_PATH \
    "$here/../ci/smoke-cli.sh" "$contents/MacOS/valis-cli" "$contents/PlugIns/valis"
echo "$app is complete"
