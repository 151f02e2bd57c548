#!/usr/bin/env bash
# Notarises a signed disk image with Apple and staples the ticket to it, so Gatekeeper accepts
# it offline. Needs APPLE_ID, APPLE_TEAM_ID and APPLE_APP_PASSWORD (an app-specific password).
#   packaging/macos/notarize.sh Valis.dmg
set -euo pipefail

dmg="${1:?usage: notarize.sh Valis.dmg}"
: "${APPLE_ID:?}" "${APPLE_TEAM_ID:?}" "${APPLE_APP_PASSWORD:?}"
credentials=(--apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" --password "$APPLE_APP_PASSWORD")

result="$(xcrun notarytool submit "$dmg" "${credentials[@]}" --wait --timeout 1h --output-format json)"
field() {
    printf '%s' "$result" | python3 -c 'import json, sys; print(json.load(sys.stdin).get(sys.argv[1], ""))' "$1"
}
status="$(field status)"
id="$(field id)"
if [ "$status" != "Accepted" ]; then
    echo "notarisation of $dmg ended as '$status'; Apple's log:" >&2
    if [ -n "$id" ]; then
        xcrun notarytool log "$id" "${credentials[@]}" >&2 || true
    fi
    exit 1
fi
xcrun stapler staple "$dmg"
xcrun stapler validate "$dmg"
spctl --assess --type open --context context:primary-signature --verbose=2 "$dmg"
echo "notarised and stapled $dmg"
