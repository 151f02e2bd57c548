#!/usr/bin/env bash
# Builds Valis-VERSION-x86_64.AppImage from a configured and built tree: installs it into an
# AppDir under /usr, adds the sandbox hook, and lets linuxdeploy with its Qt plugin bundle Qt,
# QtWebEngine and the rest. The tools are the pinned releases below, not "continuous".
#   packaging/appimage/build-appimage.sh BUILD_DIR OUTPUT_DIR
# Runs where the AppImage tools may download from GitHub (the Linux workflow), not offline.
set -euo pipefail

build="$(cd "${1:?usage: build-appimage.sh BUILD_DIR OUTPUT_DIR}" && pwd)"
output="${2:?usage: build-appimage.sh BUILD_DIR OUTPUT_DIR}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$output"
output="$(cd "$output" && pwd)"

linuxdeploy_release=1-alpha-20251107-1
plugin_qt_release=1-alpha-20250213-1
plugin_appimage_release=1-alpha-20250213-1
tools="$(mktemp -d)"
appdir="$(mktemp -d)/AppDir"
trap 'rm -rf "$tools" "$(dirname "$appdir")"' EXIT

fetch() {
    curl --fail --location --silent --show-error --retry 3 --output "$tools/$2" \
        "https://github.com/linuxdeploy/$1/releases/download/$3/$2"
    chmod +x "$tools/$2"
}
fetch linuxdeploy linuxdeploy-x86_64.AppImage "$linuxdeploy_release"
fetch linuxdeploy-plugin-qt linuxdeploy-plugin-qt-x86_64.AppImage "$plugin_qt_release"
fetch linuxdeploy-plugin-appimage linuxdeploy-plugin-appimage-x86_64.AppImage "$plugin_appimage_release"

DESTDIR="$appdir" cmake --install "$build" --prefix /usr
mkdir -p "$appdir/apprun-hooks"
cp "$here/apprun-hooks/valis-qtwebengine.sh" "$appdir/apprun-hooks/"

version="$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")"
# In containers without FUSE the tools unpack themselves instead of mounting.
export APPIMAGE_EXTRACT_AND_RUN=1
export QMAKE="${QMAKE:-$(command -v qmake6 || echo /usr/lib/qt6/bin/qmake)}"
export OUTPUT="$output/Valis-$version-x86_64.AppImage"
# Valis's plugins are loaded at run time, so linuxdeploy cannot see them from the programs:
# name them, so their libraries are bundled too.
plugin_args=()
for plugin in "$appdir"/usr/lib/valis/plugins/*.so "$appdir"/usr/lib/*/valis/plugins/*.so; do
    [ -e "$plugin" ] && plugin_args+=(--deploy-deps-only "$plugin")
done
cd "$tools"
"$tools/linuxdeploy-x86_64.AppImage" --appdir "$appdir" \
    --desktop-file "$appdir/usr/share/applications/org.valis.Valis.desktop" \
    --executable "$appdir/usr/bin/valis-cli" \
    ${plugin_args[@]+"${plugin_args[@]}"} \
    --plugin qt --output appimage
echo "wrote $OUTPUT"
