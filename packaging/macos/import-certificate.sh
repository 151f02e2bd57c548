#!/usr/bin/env bash
# Imports the Developer ID certificate from the workflow's secrets into a keychain of its own
# for this job, and prints the identity to sign with. Nothing secret reaches the log.
#   packaging/macos/import-certificate.sh   (APPLE_CERTIFICATE_P12_BASE64, APPLE_CERTIFICATE_PASSWORD)
set -euo pipefail

: "${APPLE_CERTIFICATE_P12_BASE64:?}" "${APPLE_CERTIFICATE_PASSWORD:?}"
work="${RUNNER_TEMP:-$(mktemp -d)}"
keychain="$work/valis-signing.keychain-db"
keychain_password="$(openssl rand -hex 24)"
certificate="$work/valis-signing.p12"
trap 'rm -f "$certificate"' EXIT

printf '%s' "$APPLE_CERTIFICATE_P12_BASE64" | base64 --decode > "$certificate"
security create-keychain -p "$keychain_password" "$keychain"
security set-keychain-settings -lut 21600 "$keychain"
security unlock-keychain -p "$keychain_password" "$keychain"
security import "$certificate" -k "$keychain" -P "$APPLE_CERTIFICATE_PASSWORD" -T /usr/bin/codesign
security set-key-partition-list -S apple-tool:,apple: -s -k "$keychain_password" "$keychain" > /dev/null
# Searched first, then the user's usual keychains.
existing=()
while IFS= read -r line; do
    line="${line#"${line%%[![:space:]]*}"}"
    existing+=("${line//\"/}")
done < <(security list-keychains -d user)
security list-keychains -d user -s "$keychain" ${existing[@]+"${existing[@]}"}
security find-identity -v -p codesigning "$keychain"
