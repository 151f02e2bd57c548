#!/usr/bin/env bash
# Puts a signed Valis.app into a compressed disk image with a link to /Applications, and signs
# the image when a Developer ID is set (VALIS_CODESIGN_IDENTITY, as for sign.sh).
#   packaging/macos/make-dmg.sh Valis.app OUTPUT.dmg
# hdiutil on the CI runners fails now and then with "Resource busy"; it is tried again.
set -euo pipefail

app="${1:?usage: make-dmg.sh Valis.app OUTPUT.dmg}"
output="${2:?usage: make-dmg.sh Valis.app OUTPUT.dmg}"
identity="${VALIS_CODESIGN_IDENTITY:--}"

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
# ditto keeps the signatures, symbolic links and extended attributes as they are.
ditto "$app" "$staging/$(basename "$app")"
ln -s /Applications "$staging/Applications"

attempts=5
for attempt in $(seq 1 "$attempts"); do
    if hdiutil create -volname Valis -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$output"; then
        break
    fi
    if [ "$attempt" -eq "$attempts" ]; then
        echo "hdiutil failed $attempts times" >&2
        exit 1
    fi
    echo "hdiutil failed (attempt $attempt of $attempts); trying again" >&2
    sleep $((attempt * 10))
done

if [ "$identity" != "-" ]; then
    codesign --force --timestamp --sign "$identity" "$output"
fi
hdiutil verify "$output"
echo "wrote $output"
