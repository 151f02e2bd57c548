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
#   scripts/dev.sh fuzz [--list|--ledger] [TARGET] [SECONDS]
#                         build the libFuzzer targets (fuzz/, clang, ASan+UBSan) in BUILD_DIR_FUZZ
#                         and run TARGET, or every target, for SECONDS each (default 30); --list
#                         names them, --ledger sums the CPU time of the runs recorded. `test` ends
#                         with a short run of every target (FUZZ_SMOKE_SECONDS, default 30; 0 skips it).
# Environment: BUILD_DIR (default: build), BUILD_TYPE (default: Release), JOBS (default: nproc),
# BUILD_DIR_SANITIZE (default: build-asan), BUILD_DIR_FUZZ (default: build-fuzz),
# VALIS_FIXTURES (the shared fixture folder; default ../shared/fixtures beside the checkout).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${BUILD_DIR:-$here/build}"
build_type="${BUILD_TYPE:-Release}"
fuzz_build_dir="${BUILD_DIR_FUZZ:-$here/build-fuzz}"
fixtures_dir="${VALIS_FIXTURES:-$here/../shared/fixtures}"
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
    clang libclang-rt-14-dev
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
        grep -q "install ok installed" <<<"$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" || missing+=("$package")
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
    # ccache pays off where Valis was built before. On a machine with an empty cache (a clean CI
    # machine) it only adds its own work to every compile: measured on 12 test sources, 108 s
    # with it against 94 s without, and 92 s against 58 s with the precompiled headers, whose
    # 230 MB it hashes each time.
    if [ "${CI:-}" = "true" ] && command -v ccache >/dev/null 2>&1 \
        && [ "$(ccache --print-stats 2>/dev/null | awk -F'\t' '$1 == "files_in_cache" { print $2 }')" = "0" ]; then
        log "ccache is empty: building without it"
        export CCACHE_DISABLE=1
    fi
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

# --- fuzzing (fuzz/, cmake/Fuzzing.cmake) ---------------------------------------------------

fuzz_targets() {
    local source
    for source in "$here"/fuzz/fuzz_*.cpp; do
        source="${source##*/fuzz_}"; echo "${source%.cpp}"
    done
}

build_fuzz() {
    log "configuring the fuzz build (clang, ASan+UBSan) in $fuzz_build_dir"
    cmake -S "$here" -B "$fuzz_build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_CXX_COMPILER=clang++ -DVALIS_FUZZ=ON -DVALIS_WARNINGS_AS_ERRORS=ON >/dev/null
    log "building the fuzz targets with $jobs jobs"
    cmake --build "$fuzz_build_dir" -j "$jobs" --target valis_fuzz
}

# fuzz_run TARGET SECONDS: runs one target over its seeds, its regression inputs, the fixtures
# fuzz/fixtures.txt names for it and the corpus it grew before (kept in the fuzz build); prints
# "TARGET CPU-SECONDS EXECS/S COVERAGE RESULT" and fails when the target found a crash, a leak,
# a timeout or an out-of-memory.
fuzz_run() {
    local name="$1" seconds="$2" out="$fuzz_build_dir/fuzz"
    local corpus="$out/corpus/$name" log="$out/logs/$name.log"
    mkdir -p "$corpus" "$out/logs" "$out/artifacts/$name"
    local dirs=("$corpus")
    local dir
    for dir in "$here/fuzz/seeds/$name" "$here/fuzz/regressions/$name"; do
        [ -d "$dir" ] && dirs+=("$dir")
    done
    while read -r target rest; do
        [ "$target" = "$name" ] || continue
        for dir in $rest; do
            [ -d "$fixtures_dir/$dir" ] && dirs+=("$fixtures_dir/$dir")
        done
    done < <(grep -v '^#' "$here/fuzz/fixtures.txt")
    local options=(-max_total_time="$seconds" -timeout=25 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1
                   -artifact_prefix="$out/artifacts/$name/")
    [ -f "$here/fuzz/dict/$name.dict" ] && options+=(-dict="$here/fuzz/dict/$name.dict")
    local status=0 cpu
    local TIMEFORMAT='%U %S'
    cpu=$( { time "$out/bin/fuzz_$name" "${options[@]}" "${dirs[@]}" >"$log" 2>&1; } 2>&1 ) || status=$?
    cpu=$(awk '{ printf "%.0f", $1 + $2 }' <<<"${cpu##*$'\n'}")
    local execs cov result=ok
    execs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2 || true)
    if [ "$status" -ne 0 ] && grep -q 'libFuzzer: run interrupted' "$log"; then
        result="interrupted (stopped by hand; nothing found)"
    elif [ "$status" -ne 0 ]; then
        result="FAILED (exit $status; see $log and $out/artifacts/$name/)"
    fi
    printf '%-22s %6s %8s %7s  %s\n' "$name" "$cpu" "${execs:-?}" "${cov:-?}" "$result"
    # The ledger keeps every run's CPU time, so hours spread over many sessions add up.
    printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo -)" \
        "$name" "$cpu" "${result%% *}" >>"$out/ledger.tsv"
    [ "$status" -eq 0 ]
}

# fuzz_ledger: CPU time per target summed over every run the fuzz build's ledger recorded.
fuzz_ledger() {
    local ledger="$fuzz_build_dir/fuzz/ledger.tsv"
    [ -f "$ledger" ] || { log "no fuzz runs recorded yet ($ledger)"; return 0; }
    awk -F'\t' '{ cpu[$3] += $4; runs[$3]++; if ($5 == "FAILED") bad[$3]++ }
        END { printf "%-22s %5s %9s %8s %7s\n", "target", "runs", "cpu-s", "cpu-h", "failed"
              for (t in cpu) printf "%-22s %5d %9d %8.2f %7d\n", t, runs[t], cpu[t], cpu[t] / 3600, bad[t] }' \
        "$ledger" | { read -r header; echo "$header"; sort; }
}

# fuzz_all SECONDS TARGET...: runs the targets two at a time (the CI machines have two cores)
# and prints the table of what each did; fails when any target failed.
fuzz_all() {
    local seconds="$1"; shift
    local table="$fuzz_build_dir/fuzz/last-run.txt" failed=0
    mkdir -p "$fuzz_build_dir/fuzz"; : >"$table"
    local name
    for name in "$@"; do
        while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || failed=1; done
        fuzz_run "$name" "$seconds" >>"$table" &
    done
    while [ "$(jobs -rp | wc -l)" -gt 0 ]; do wait -n || failed=1; done
    printf '%-22s %6s %8s %7s  %s\n' target cpu-s execs/s cov result
    sort "$table"
    [ "$failed" -eq 0 ] || fuzz_show_failures "$table"
    [ "$failed" -eq 0 ]
}

# fuzz_show_failures TABLE: prints, for each failed target, the end of its log and the inputs it
# saved (base64, when small), because a CI machine's build directory is gone once the run ends
# and a rare finding is otherwise lost.
fuzz_show_failures() {
    local name artifact
    while read -r name _ _ _ result _; do
        [ "$result" = FAILED ] || continue
        log "$name failed; the end of its log:"
        grep -v -e '^#[0-9]' -e '^INFO:' -e 'NEW_FUNC' "$fuzz_build_dir/fuzz/logs/$name.log" | tail -n 60
        for artifact in "$fuzz_build_dir/fuzz/artifacts/$name"/*; do
            [ -f "$artifact" ] || continue
            if [ "$(stat -c %s "$artifact")" -le 16384 ]; then
                log "${artifact##*/} (base64; save it under fuzz/regressions/$name/ once fixed):"
                base64 -w 100 "$artifact"
            else
                log "${artifact##*/}: $(stat -c %s "$artifact") bytes, too large to print"
            fi
        done
    done <"$1"
}

# fuzz_smoke: builds the fuzz targets, then runs every one for FUZZ_SMOKE_SECONDS (default 30)
# over its seeds and regression inputs.
fuzz_smoke() {
    local seconds="${FUZZ_SMOKE_SECONDS:-30}"
    [ "$seconds" -gt 0 ] || return 0
    local started=$SECONDS status=0
    build_fuzz
    local built=$SECONDS
    log "fuzz build: $((built - started)) s; running every fuzz target for ${seconds} s over its seeds and regression inputs"
    mapfile -t targets < <(fuzz_targets)
    fuzz_all "$seconds" "${targets[@]}" || status=$?
    log "fuzz smoke run: $((SECONDS - built)) s"
    return "$status"
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
        # Not beside the suite: tried, and at nice 19 it still slowed the GUI suites by a half
        # (gradientsession 118 s -> 194 s) and made a timing-sensitive one fail.
        fuzz_smoke
        ;;
    fuzz)
        shift
        if [ "${1:-}" = "--list" ]; then fuzz_targets; exit 0; fi
        if [ "${1:-}" = "--ledger" ]; then fuzz_ledger; exit 0; fi
        mapfile -t targets < <(fuzz_targets)
        if [ -n "${1:-}" ] && ! [[ "$1" =~ ^[0-9]+$ ]]; then
            grep -qx -- "$1" <<<"$(printf '%s\n' "${targets[@]}")" || { log "no fuzz target '$1' (scripts/dev.sh fuzz --list)"; exit 2; }
            targets=("$1"); shift
        fi
        seconds="${1:-30}"
        setup; build_fuzz
        log "running ${#targets[@]} fuzz target(s) for ${seconds} s each"
        fuzz_all "$seconds" "${targets[@]}"
        ;;
    *)
        sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
