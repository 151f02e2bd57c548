#!/usr/bin/env bash
# Rebuilds Qt's SQLite driver (QSQLITE) against the shared SQLite library the harness links,
# and installs it over the one in QT_ROOT_DIR. Qt's binary packages compile a private copy of
# SQLite into the driver; the harness registers FTS5 functions on the driver's connection
# (harness/src/store/fts5ranking.cpp), which is only sound when both use one SQLite library.
#   packaging/ci/build-qsqlite.sh QT_SOURCE_DIR [SQLITE_PREFIX]
# QT_SOURCE_DIR is Qt's source tree of the same version (install-qt-action `source: true`);
# SQLITE_PREFIX is where sqlite3.h and the library are (vcpkg's installed tree on Windows;
# empty on macOS, where the SDK's SQLite is the one both use).
set -euo pipefail

qt_source="${1:?usage: build-qsqlite.sh QT_SOURCE_DIR [SQLITE_PREFIX]}"
sqlite_prefix="${2:-}"
qt_root="${QT_ROOT_DIR:?QT_ROOT_DIR must name the Qt installation (install-qt-action sets it)}"
# Forward slashes on Windows too: CMake reads backslashes as escapes.
if command -v cygpath > /dev/null; then
    qt_source="$(cygpath -m "$qt_source")"
    qt_root="$(cygpath -m "$qt_root")"
    [ -z "$sqlite_prefix" ] || sqlite_prefix="$(cygpath -m "$sqlite_prefix")"
fi
drivers="$qt_source/qtbase/src/plugins/sqldrivers"
if [ ! -f "$drivers/CMakeLists.txt" ]; then
    echo "no SQL driver sources at $drivers: install Qt's qtbase sources of the same version" >&2
    exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
extra=()
if [ -n "$sqlite_prefix" ]; then
    extra+=("-DCMAKE_PREFIX_PATH=$sqlite_prefix")
fi
cmake -S "$drivers" -B "$work" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="$qt_root/lib/cmake/Qt6/qt.toolchain.cmake" \
    -DCMAKE_INSTALL_PREFIX="$qt_root" \
    -DFEATURE_system_sqlite=ON \
    -DFEATURE_sql_sqlite=ON \
    -DFEATURE_sql_psql=OFF -DFEATURE_sql_mysql=OFF -DFEATURE_sql_odbc=OFF \
    -DFEATURE_sql_oci=OFF -DFEATURE_sql_db2=OFF -DFEATURE_sql_ibase=OFF -DFEATURE_sql_mimer=OFF \
    ${extra[@]+"${extra[@]}"}
cmake --build "$work" --target qsqlite
cmake --install "$work"

# The driver now installed must load SQLite from outside itself.
case "$(uname -s)" in
    Darwin)
        driver="$qt_root/plugins/sqldrivers/libqsqlite.dylib"
        grep -q 'libsqlite3' <<<"$(otool -L "$driver")" || { echo "$driver does not link libsqlite3" >&2; exit 1; }
        ;;
    MINGW* | MSYS* | CYGWIN*)
        driver="$qt_root/plugins/sqldrivers/qsqlite.dll"
        grep -qi 'sqlite3\.dll' <<<"$(dumpbin //dependents "$driver")" || { echo "$driver does not link sqlite3.dll" >&2; exit 1; }
        ;;
    *)
        echo "build-qsqlite.sh is for the Windows and macOS runners" >&2
        exit 1
        ;;
esac
echo "QSQLITE now uses the shared SQLite: $driver"
