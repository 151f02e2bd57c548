#!/usr/bin/env bash
# Signs Valis.app inside out under the hardened runtime: QtWebEngineProcess with Qt's own
# entitlements, then every library, plugin and framework, then valis-cli, then the app. Never
# --deep: each piece gets the signature and entitlements meant for it.
#   packaging/macos/sign.sh Valis.app
# VALIS_CODESIGN_IDENTITY names a Developer ID certificate in the keychain; unset or "-" signs
# ad hoc (runs on the machine that built it, and on Apple silicon at all; not notarisable).
set -euo pipefail

app="${1:?usage: sign.sh Valis.app}"
identity="${VALIS_CODESIGN_IDENTITY:--}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
entitlements="$here/Valis.entitlements"

options=(--force --options runtime --sign "$identity")
if [ "$identity" = "-" ]; then
    options+=(--timestamp=none)
else
    options+=(--timestamp)
fi
sign() {
    codesign "${options[@]}" "$@"
}
is_macho() {
    grep -q '^Mach-O' <<<"$(file -b "$1")"
}

helper="$app/Contents/Frameworks/QtWebEngineCore.framework/Versions/A/Helpers/QtWebEngineProcess.app"
if [ ! -d "$helper" ]; then
    echo "$helper is missing: the Qt deployment did not bring QtWebEngine" >&2
    exit 1
fi
# Qt's entitlements for its helper (JIT and unsigned executable memory for V8), as deployed
# with the framework, else from the Qt installation the app was built with.
helper_entitlements="$helper/Contents/Resources/QtWebEngineProcess.entitlements"
if [ ! -f "$helper_entitlements" ] && [ -n "${QT_ROOT_DIR:-}" ]; then
    helper_entitlements="$QT_ROOT_DIR/lib/QtWebEngineCore.framework/Versions/A/Helpers/QtWebEngineProcess.app/Contents/Resources/QtWebEngineProcess.entitlements"
fi
if [ ! -f "$helper_entitlements" ]; then
    echo "QtWebEngineProcess.entitlements not found (in the bundle or under QT_ROOT_DIR)" >&2
    exit 1
fi
sign --entitlements "$helper_entitlements" "$helper"

# Loose libraries and plugins (not inside a framework): Valis's own, QtKeychain, Qt's plugins.
while IFS= read -r -d '' file; do
    if is_macho "$file"; then
        sign "$file"
    fi
done < <(find "$app/Contents/Frameworks" "$app/Contents/PlugIns" -type f ! -path '*.framework/*' -print0)

# Frameworks after what they contain.
while IFS= read -r -d '' framework; do
    sign "$framework"
done < <(find "$app/Contents/Frameworks" -maxdepth 1 -type d -name '*.framework' -print0)

sign --entitlements "$entitlements" "$app/Contents/MacOS/valis-cli"
sign --entitlements "$entitlements" "$app"

codesign --verify --strict --deep --verbose=2 "$app"
echo "signed $app as ${identity/#-/ad hoc}"
