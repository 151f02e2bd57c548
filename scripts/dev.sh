#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine:
#   scripts/dev.sh run    install what is missing, build, launch Valis
#   scripts/dev.sh test   install what is missing, build, run the whole test suite
#   scripts/dev.sh test --sanitize [ctest args]   the same in an ASan+UBSan build (BUILD_DIR_SANITIZE)
#   scripts/dev.sh setup  install what is missing only
#   scripts/dev.sh build  configure and build only
#   scripts/dev.sh package       build the .deb and .rpm (in BUILD_DIR/packages) and check them
#   scripts/dev.sh package-test  the same, then install the .deb into a clean Debian 12 root
#                                and use it there (needs root; the test suite runs it too)
# Environment: BUILD_DIR (default: build), BUILD_TYPE (default: Release), JOBS (default: nproc),
# BUILD_DIR_SANITIZE (default: build-asan),
# VALIS_FIXTURES (the shared fixture folder; default ../shared/fixtures beside the checkout).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${BUILD_DIR:-$here/build}"
build_type="${BUILD_TYPE:-Release}"
jobs="${JOBS:-$(nproc 2>/dev/null || echo 2)}"

# Debian packages the build, the tests and the app need (see ../shared/docs/TOOLCHAIN.md).
apt_packages=(
    build-essential cmake ninja-build ccache pkg-config git
    qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-webengine-dev qt6-webengine-dev-tools qt6-webchannel-dev qt6-httpserver-dev
    qt6-websockets-dev qt6-charts-dev qt6-svg-dev qtkeychain-qt6-dev libsecret-1-0
    libqt6sql6-sqlite libqt6sql6-psql libsqlite3-dev sqlite3 libgl-dev libpcre2-dev
    libcmark-gfm-dev cmark-gfm xvfb xauth dbus gnome-keyring bubblewrap ripgrep
    postgresql nodejs npm
    lintian rpm rpmlint desktop-file-utils appstream appstream-util mmdebstrap help2man
    xdotool python3 file groff-base
    acl
    dunst trayer
    shellcheck python3-yaml flatpak-builder icoutils icnsutils
    zsh fish
    libhnswlib-dev
    libmozjs-102-dev
    libgumbo-dev libpoppler-cpp-dev
    libgrpc++-dev libprotobuf-dev protobuf-compiler protobuf-compiler-grpc openssl
    fonts-noto-color-emoji fonts-noto-cjk
)

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1; then sudo "$@"
    else log "need root to run: $*"; exit 1
    fi
}

setup() {
    local missing=()
    for package in "${apt_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    # nodejs/npm may come from outside Debian's archive (as on the project's machines); accept any.
    if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
        missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
    fi
    local wanted=()
    for package in "${missing[@]}"; do [ -n "$package" ] && wanted+=("$package"); done
    if [ "${#wanted[@]}" -gt 0 ]; then
        log "installing ${#wanted[@]} Debian packages: ${wanted[*]}"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${wanted[@]}"
    else
        log "all Debian packages present"
    fi
    # JavaScript for the web view and test servers comes from npm, pinned by package-lock.json.
    if [ -f "$here/package-lock.json" ]; then
        if [ ! -d "$here/node_modules" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
            log "installing npm packages (npm ci)"
            (cd "$here" && npm ci --no-audit --no-fund)
        fi
    fi
}

build() {
    local werror=OFF
    [ "${CI:-}" = "true" ] && werror=ON
    log "configuring $build_type build in $build_dir"
    cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DVALIS_WARNINGS_AS_ERRORS="$werror"
    log "building with $jobs jobs"
    cmake --build "$build_dir" -j "$jobs"
}

run_tests() {
    log "running the test suite"
    cd "$build_dir"
    ctest --output-on-failure --no-tests=error -j "$jobs" "$@"
}

# The whole suite in a separate ASan+UBSan build (cmake/Sanitizers.cmake), with the runtime
# options and leak suppressions of scripts/sanitizers/.
sanitized_tests() {
    build_dir="${BUILD_DIR_SANITIZE:-$here/build-asan}"
    log "configuring the ASan+UBSan build in $build_dir"
    cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" -DVALIS_SANITIZE=ON
    log "building with $jobs jobs"
    cmake --build "$build_dir" -j "$jobs"
    # shellcheck source=scripts/sanitizers/environment.sh
    . "$here/scripts/sanitizers/environment.sh"
    run_tests "$@"
}

package() {
    log "building the Linux packages"
    rm -rf "$build_dir/packages"
    (cd "$build_dir" && cpack --config CPackConfig.cmake)
    log "checking them"
    "$here/packaging/linux/check-packages.sh" "$build_dir/packages"
}

case "${1:-}" in
    setup) setup ;;
    build) setup; build ;;
    run)
        setup; build
        shift
        log "starting Valis"
        if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
            log "no display found: running under Xvfb (set DISPLAY to use your own)"
            exec xvfb-run -a -s "-screen 0 1280x1024x24" "$build_dir/bin/valis" "$@"
        fi
        exec "$build_dir/bin/valis" "$@"
        ;;
    package)
        setup; build; package
        ;;
    package-test)
        setup; build; package
        as_root "$here/packaging/linux/install-test.sh" "$build_dir/packages" "$build_dir/bin/valis-cli"
        ;;
    test)
        [ "${2:-}" = "--sanitize" ] && { shift 2; setup; sanitized_tests "$@"; exit; }
        setup; build
        shift
        run_tests "$@"
        ;;
    *)
        sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
