#!/usr/bin/env bash
# Runs packaging/macos/bundle-layout.cmake (the end of `cmake --install` on macOS) on a prefix
# laid out as the install rules leave it, and checks that Valis's files land in Valis.app where
# the app and packaging/macos/sign.sh look for them, and that nothing else in a shared prefix
# (another program's files beside Valis's) is moved or removed.
#   tests/packaging/check-bundle-layout.sh SOURCE_DIR CMAKE
set -euo pipefail

source_dir="${1:?usage: check-bundle-layout.sh SOURCE_DIR CMAKE}"
cmake="${2:?usage: check-bundle-layout.sh SOURCE_DIR CMAKE}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

mkdir -p "$prefix/Valis.app/Contents/MacOS" "$prefix/bin" "$prefix/lib/valis/plugins" \
    "$prefix/share/doc/valis/third-party/dompurify" "$prefix/share/doc/other" "$prefix/lib/other"
touch "$prefix/Valis.app/Contents/MacOS/Valis" "$prefix/bin/valis-cli" "$prefix/bin/other-tool" \
    "$prefix/lib/valis/libvalis-harness.0.1.0.dylib" "$prefix/lib/valis/plugins/anthropic.dylib" \
    "$prefix/lib/valis/plugins/exec.dylib" "$prefix/share/doc/valis/third-party/dompurify/LICENSE" \
    "$prefix/share/doc/other/README" "$prefix/lib/other/libother.dylib" "$prefix/share/.hidden"
ln -s libvalis-harness.0.1.0.dylib "$prefix/lib/valis/libvalis-harness.0.1.dylib"

"$cmake" -DCMAKE_INSTALL_PREFIX="$prefix" -DVALIS_BUNDLE=Valis.app -DVALIS_BINDIR=bin -DVALIS_LIBDIR=lib \
    -DVALIS_DATADIR=share -DVALIS_PLUGIN_INSTALL_DIR=lib/valis/plugins \
    -P "$source_dir/packaging/macos/bundle-layout.cmake"

contents="$prefix/Valis.app/Contents"
failures=0
expect() {
    if ! [ "$@" ]; then
        echo "FAIL: [ $* ]" >&2
        failures=$((failures + 1))
    fi
}
expect -f "$contents/MacOS/valis-cli"
expect -f "$contents/Frameworks/libvalis-harness.0.1.0.dylib"
expect -L "$contents/Frameworks/libvalis-harness.0.1.dylib"
expect "$(readlink "$contents/Frameworks/libvalis-harness.0.1.dylib")" = libvalis-harness.0.1.0.dylib
expect -f "$contents/PlugIns/valis/anthropic.dylib"
expect -f "$contents/PlugIns/valis/exec.dylib"
expect -f "$contents/Resources/doc/third-party/dompurify/LICENSE"
expect ! -e "$prefix/bin/valis-cli"
expect ! -e "$prefix/lib/valis"
expect ! -e "$prefix/share/doc/valis"
# Another program's files stay, and so do the folders holding them.
expect -f "$prefix/bin/other-tool"
expect -f "$prefix/share/doc/other/README"
expect -f "$prefix/lib/other/libother.dylib"
expect -f "$prefix/share/.hidden"

# Without the app bundle installed first, it must stop rather than scatter files.
rm -rf "$contents"
if "$cmake" -DCMAKE_INSTALL_PREFIX="$prefix" -DVALIS_BUNDLE=Valis.app -DVALIS_BINDIR=bin -DVALIS_LIBDIR=lib \
    -DVALIS_DATADIR=share -DVALIS_PLUGIN_INSTALL_DIR=lib/valis/plugins \
    -P "$source_dir/packaging/macos/bundle-layout.cmake" > /dev/null 2>&1; then
    echo "FAIL: bundle-layout.cmake went on without Valis.app" >&2
    failures=$((failures + 1))
fi

if [ "$failures" -gt 0 ]; then
    exit 1
fi
echo "bundle-layout.cmake puts Valis's files into Valis.app and leaves the rest alone"
