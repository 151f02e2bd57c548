#!/usr/bin/env bash
# Builds QtKeychain for the Qt in QT_ROOT_DIR (set by install-qt-action) and installs it
# into PREFIX, for the Windows and macOS workflows: neither runner has a package of it that
# matches Qt from install-qt-action (vcpkg's port would build all of Qt again).
#   packaging/ci/build-qtkeychain.sh PREFIX
# The tag is checked against its commit, so a moved tag fails the build instead of changing
# what ships.
set -euo pipefail

version=0.16.0
commit=aa6da344e1a20b9194e12bace3665caeea6b6304

prefix="${1:?usage: build-qtkeychain.sh PREFIX}"
qt_root="${QT_ROOT_DIR:?QT_ROOT_DIR must name the Qt installation (install-qt-action sets it)}"
# Forward slashes on Windows too: CMake reads backslashes as escapes.
if command -v cygpath > /dev/null; then
    prefix="$(cygpath -m "$prefix")"
    qt_root="$(cygpath -m "$qt_root")"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

git -c advice.detachedHead=false clone --quiet --depth 1 --branch "$version" \
    https://github.com/frankosterfeld/qtkeychain.git "$work/src"
actual="$(git -C "$work/src" rev-parse HEAD)"
if [ "$actual" != "$commit" ]; then
    echo "qtkeychain $version is commit $actual, expected $commit" >&2
    exit 1
fi

# Shared: a static QtKeychain would need QKEYCHAIN_STATIC_DEFINE in every user on Windows.
cmake -S "$work/src" -B "$work/build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DCMAKE_PREFIX_PATH="$qt_root" \
    -DBUILD_WITH_QT6=ON \
    -DBUILD_SHARED_LIBS=ON \
    -DBUILD_TRANSLATIONS=OFF \
    -DBUILD_TEST_APPLICATION=OFF
cmake --build "$work/build"
cmake --install "$work/build"
echo "QtKeychain $version installed in $prefix"
