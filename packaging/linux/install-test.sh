#!/usr/bin/env bash
# Installs the Valis .deb into a clean Debian 12 root and uses it as a person would:
#   packaging/linux/install-test.sh VALIS.deb [BUILD_TREE_VALIS_CLI]
# The root comes from mmdebstrap (the Debian archive only) and is cached as a tarball, so a
# repeated run takes a few minutes. apt resolves the package's dependencies from the archive
# (no recommends: Depends alone must be enough). Then, as an ordinary user with Chromium's
# sandbox on: valis --version, valis-cli --help and plugins, an imported transcript shown in the
# window under Xvfb (screenshot checked not to be blank), Ctrl+Q and a clean exit; a database
# from a newer Valis refused with a message; the build tree's valis-cli reading the installed
# one's data; then purge, and nothing of the package left but the person's data.
# Needs root (chroot, mounts). Exit status 77 means "cannot run here" (for CTest's SKIP).
# Environment: VALIS_FIXTURES (a real transcript is imported too when present),
# VALIS_PACKAGE_TEST_CACHE (default ~/.cache/valis/package-test), VALIS_DEBIAN_MIRROR,
# VALIS_PACKAGE_TEST_ARTIFACTS (where the screenshot and logs go; default: a temporary folder).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mirror="${VALIS_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
security_mirror="${VALIS_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
cache="${VALIS_PACKAGE_TEST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/valis/package-test}"
tester=valis-tester

log() { printf '\033[1m-- %s\033[0m\n' "$*" >&2; }
fail() { printf 'install-test: FAIL: %s\n' "$*" >&2; exit 1; }
skip() { printf 'install-test: cannot run here: %s\n' "$*" >&2; exit 77; }

# --- the part that runs in a private mount namespace (mounts vanish when it ends) -------------
if [ "${1:-}" = "--inside" ]; then
    shift
    root="$1" work="$2" display="$3" deb_name="$4" host_cli="$5" fixture="$6"
    artifacts="$work/artifacts"
    in_root() { chroot "$root" "$@"; }
    # As the test user, with a login-like environment and nothing of the host's. Not through
    # chroot: the kernel refuses user namespaces to a chrooted process, and Chromium's sandbox
    # needs them. bwrap (as root, no namespace of its own for users) pivots into the root
    # instead, as a real system's processes see theirs.
    as_tester() {
        # The root's own /proc, /dev, /sys and X socket mounts come along (bwrap binds
        # recursively; --dev-bind keeps device nodes usable). bwrap's own --proc would cover
        # parts of /proc, and a nested bwrap (the agent's sandbox) may only mount a /proc whose
        # parent is fully visible.
        bwrap --dev-bind "$root" / --chdir "/home/$tester" \
            -- /usr/bin/setpriv --reuid="$tester_uid" --regid="$tester_uid" --clear-groups \
            /usr/bin/env -i HOME="/home/$tester" USER="$tester" PATH=/usr/local/bin:/usr/bin:/bin \
            LANG=C.UTF-8 DISPLAY=":$display" XDG_RUNTIME_DIR="/run/user/$tester_uid" "$@"
    }

    mount -t proc proc "$root/proc"
    mount --rbind /dev "$root/dev"
    mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"   # Chromium's shared memory as a non-root user
    mount -t sysfs -o ro sysfs "$root/sys"
    mkdir -p "$root/tmp/.X11-unix"
    mount --bind /tmp/.X11-unix "$root/tmp/.X11-unix"
    mkdir -p "$cache/archives/partial"
    mount --bind "$cache/archives" "$root/var/cache/apt/archives"
    cp /etc/resolv.conf "$root/etc/resolv.conf"

    log "apt-get install ./$deb_name (dependencies from the Debian archive)"
    in_root env DEBIAN_FRONTEND=noninteractive apt-get -q update >"$artifacts/apt-update.log" 2>&1 \
        || { cat "$artifacts/apt-update.log" >&2; fail "apt-get update in the clean root failed"; }
    if ! in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
            -o APT::Keep-Downloaded-Packages=true "/tmp/$deb_name" >"$artifacts/apt-install.log" 2>&1; then
        cat "$artifacts/apt-install.log" >&2
        fail "apt-get could not install the package with its dependencies"
    fi
    printf '   %s packages set up\n' "$(grep -c '^Setting up ' "$artifacts/apt-install.log")" >&2
    in_root dpkg-query -L valis >"$artifacts/package-files.txt"
    in_root useradd --create-home --shell /bin/bash --user-group "$tester"
    tester_uid="$(in_root id -u "$tester")"
    [ "$(in_root id -g "$tester")" = "$tester_uid" ] || fail "the test user's group id differs from its user id"
    install -d -m 700 -o "$tester_uid" -g "$tester_uid" "$root/run/user/$tester_uid"   # as a login would

    log "valis --version, valis-cli --version and --help as $tester"
    version_out="$(as_tester valis --version 2>&1)" || fail "valis --version failed: $version_out"
    printf '%s\n' "$version_out" | sed 's/^/   /' >&2
    expected_version="$(dpkg-deb -f "$root/tmp/$deb_name" Version)"
    grep -q "$expected_version" <<<"$version_out" || fail "valis --version does not name $expected_version"
    grep -qi "Qt 6\." <<<"$version_out" || fail "valis --version does not name the Qt version"
    grep -qi "plugin API" <<<"$version_out" || fail "valis --version does not name the plugin API"
    cli_version="$(as_tester valis-cli --version 2>&1)" || fail "valis-cli --version failed: $cli_version"
    grep -q "$expected_version" <<<"$cli_version" || fail "valis-cli --version does not name $expected_version"
    help_out="$(as_tester valis-cli --help 2>&1)" || fail "valis-cli --help failed: $help_out"
    grep -q "^Commands:" <<<"$help_out" || fail "valis-cli --help lists no commands"

    log "every installed plugin loads"
    plugin_count="$(grep -c '^/usr/lib/valis/plugins/[^/]*\.so$' "$artifacts/package-files.txt" || true)"
    [ "$plugin_count" -gt 0 ] || fail "the package installs no plugins under /usr/lib/valis/plugins"
    plugins_out="$(as_tester valis-cli plugins 2>&1)" || fail "valis-cli plugins failed: $plugins_out"
    running="$(grep -c ' running$' <<<"$plugins_out" || true)"
    [ "$running" -eq "$plugin_count" ] \
        || fail "$running of $plugin_count installed plugins are running:"$'\n'"$plugins_out"

    log "a command runs in the agent's bubblewrap sandbox"
    mkdir -p "$root/home/$tester/project"
    in_root chown "$tester:$tester" "/home/$tester/project"
    # shellcheck disable=SC2016 # the sandboxed shell expands $((...)), not this one
    exec_out="$(as_tester valis-cli tool exec --workspace "/home/$tester/project" \
        --args '{"command": "echo sandboxed-$((6 * 7)) > made-in-sandbox.txt; cat made-in-sandbox.txt"}' 2>&1)" \
        || fail "valis-cli tool exec failed: $exec_out"
    grep -q "sandboxed-42" <<<"$exec_out" || fail "the sandboxed command printed: $exec_out"
    [ "$(cat "$root/home/$tester/project/made-in-sandbox.txt")" = "sandboxed-42" ] \
        || fail "the sandboxed command did not write into the workspace"

    log "import transcripts"
    mkdir -p "$root/home/$tester/transcripts"
    cp "$here/install-test-transcript.jsonl" "$root/home/$tester/transcripts/made-here.jsonl"
    [ -n "$fixture" ] && cp "$fixture" "$root/home/$tester/transcripts/fixture.jsonl"
    in_root chown -R "$tester:$tester" "/home/$tester/transcripts"
    import_out="$(as_tester valis-cli import "/home/$tester/transcripts" 2>&1)" \
        || fail "valis-cli import failed: $import_out"
    sessions_json="$(as_tester valis-cli sessions --json 2>&1)" || fail "valis-cli sessions failed: $sessions_json"
    expected_sessions=1; [ -n "$fixture" ] && expected_sessions=2
    [ "$(grep -c '"id"' <<<"$sessions_json")" -eq "$expected_sessions" ] \
        || fail "expected $expected_sessions imported sessions, got: $sessions_json"
    # The session made here has a known title; open that one in the window.
    session_id="$(python3 -c '
import json, sys
for line in sys.stdin:
    session = json.loads(line)
    if session["title"].startswith("Install check"):
        print(session["id"])' <<<"$sessions_json")"
    [ -n "$session_id" ] || fail "the imported session is not listed: $sessions_json"

    log "the window shows session $session_id (Chromium's sandbox on)"
    as_tester env VALIS_REPORT_STARTUP=1 valis --session "$session_id" >"$artifacts/valis.log" 2>&1 &
    app=$!
    for _ in $(seq 1 180); do
        grep -q '^valis-startup session-shown' "$artifacts/valis.log" && break
        kill -0 "$app" 2>/dev/null || { cat "$artifacts/valis.log" >&2; fail "valis exited before showing the session"; }
        sleep 0.5
    done
    grep -q '^valis-startup session-shown' "$artifacts/valis.log" \
        || { cat "$artifacts/valis.log" >&2; kill "$app"; fail "valis did not show the session within 90 s"; }
    if grep -qiE -- "--no-sandbox|sandbox.*(disabled|not supported)|Could not find QtWebEngineProcess" "$artifacts/valis.log"; then
        cat "$artifacts/valis.log" >&2; kill "$app"; fail "the conversation view ran without Chromium's sandbox or its helper"
    fi
    # Chromium's sandbox on means the page's renderers live in user and PID namespaces of their
    # own (the zygote they fork from is sandboxed already).
    browser="$(pgrep -u "$tester_uid" -x valis || true)"
    helpers="$(pgrep -u "$tester_uid" -f QtWebEngineProcess || true)"
    if [ "$(wc -w <<<"$browser")" -ne 1 ] || [ -z "$helpers" ]; then
        kill "$app"; fail "expected one valis and its QtWebEngineProcess helpers (valis: '$browser', helpers: '$helpers')"
    fi
    sandboxed=0
    for helper in $helpers; do
        if [ "$(readlink "/proc/$helper/ns/user")" != "$(readlink "/proc/$browser/ns/user")" ] \
            && [ "$(readlink "/proc/$helper/ns/pid")" != "$(readlink "/proc/$browser/ns/pid")" ]; then
            sandboxed=$((sandboxed + 1))
        fi
    done
    printf '   %s of %s web engine processes in namespaces of their own\n' "$sandboxed" "$(wc -w <<<"$helpers")" >&2
    [ "$sandboxed" -gt 0 ] || { kill "$app"; fail "no web engine process is sandboxed: Chromium's sandbox is off"; }
    sleep 2   # let the page's first frame reach the screen
    cp "$work/fb/Xvfb_screen0" "$artifacts/screen.xwd"
    python3 "$here/screenshot-check.py" "$artifacts/screen.xwd" "$artifacts/screen.png" \
        || { kill "$app"; fail "the screenshot looks blank (see $artifacts/screen.png)"; }

    log "Ctrl+Q quits cleanly"
    window="$(DISPLAY=":$display" xdotool search --sync --onlyvisible --name '^Valis' | head -n1)"
    [ -n "$window" ] || { kill "$app"; fail "no Valis window on display :$display"; }
    DISPLAY=":$display" xdotool windowfocus --sync "$window" key ctrl+q
    for _ in $(seq 1 60); do kill -0 "$app" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$app" 2>/dev/null; then kill "$app"; fail "valis was still running 30 s after Ctrl+Q"; fi
    status=0; wait "$app" || status=$?
    [ "$status" -eq 0 ] || { cat "$artifacts/valis.log" >&2; fail "valis exited with status $status after Ctrl+Q"; }

    log "a database from a newer Valis is refused with a message, untouched"
    data="/home/$tester/.local/share/valis"
    [ -f "$root$data/sessions.db" ] || fail "no session store at $data (XDG data location)"
    newer="/home/$tester/newer"
    mkdir -p "$root$newer/data"
    cp "$root$data/sessions.db" "$root$newer/data/sessions.db"
    sqlite3 "$root$newer/data/sessions.db" "PRAGMA user_version = 9999;"
    in_root chown -R "$tester:$tester" "$newer"
    before="$(sha256sum <"$root$newer/data/sessions.db")"
    newer_status=0
    newer_out="$(as_tester valis-cli --home "$newer" sessions 2>&1)" || newer_status=$?
    [ "$newer_status" -ne 0 ] || fail "valis-cli opened a database with a newer schema: $newer_out"
    grep -qi "newer Valis" <<<"$newer_out" || fail "the refusal does not say why: $newer_out"
    [ "$before" = "$(sha256sum <"$root$newer/data/sessions.db")" ] || fail "the refused database was changed"

    if [ -n "$host_cli" ]; then
        log "the build tree's valis-cli reads the installed Valis's data (same XDG folders)"
        shared_out="$(env -i HOME="$root/home/$tester" PATH=/usr/bin:/bin LANG=C.UTF-8 "$host_cli" sessions 2>&1)" \
            || fail "the build tree's valis-cli could not read the installed data: $shared_out"
        grep -q "Install check" <<<"$shared_out" || fail "the build tree's valis-cli does not see the session: $shared_out"
    fi

    log "apt-get purge leaves only the person's data"
    in_root env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q valis >"$artifacts/apt-purge.log" 2>&1 \
        || { cat "$artifacts/apt-purge.log" >&2; fail "apt-get purge valis failed"; }
    in_root dpkg-query -W valis >/dev/null 2>&1 && fail "dpkg still knows the package after purge"
    left=""
    while IFS= read -r path; do
        [ -e "$root$path" ] || continue
        [ -d "$root$path" ] && [ -n "$(ls -A "$root$path")" ] && continue   # shared folders others use
        [ -d "$root$path" ] && dpkg-query --root="$root" -S "$path" >/dev/null 2>&1 && continue
        left+="$path"$'\n'
    done <"$artifacts/package-files.txt"
    [ -z "$left" ] || fail "files of the package are left after purge:"$'\n'"$left"
    [ ! -e "$root/usr/lib/valis" ] || fail "/usr/lib/valis is left after purge"
    [ -f "$root$data/sessions.db" ] || fail "purge removed the person's data ($data)"
    log "installed, used and purged cleanly"
    exit 0
fi

# --- the part that prepares the root and the display --------------------------------------------
deb="${1:?usage: install-test.sh VALIS.deb|PACKAGES_DIR [BUILD_TREE_VALIS_CLI]}"
if [ -d "$deb" ]; then
    found=("$deb"/valis_*.deb)
    if [ "${#found[@]}" -ne 1 ] || [ ! -f "${found[0]}" ]; then fail "expected one valis .deb in $deb"; fi
    deb="${found[0]}"
fi
deb="$(realpath "$deb")"
host_cli="${2:+$(realpath "$2")}"
[ -f "$deb" ] || fail "$deb does not exist"
[ "$(id -u)" -eq 0 ] || skip "needs root for chroot and mounts (run it with sudo, as CI does)"
for tool in mmdebstrap bwrap Xvfb xdotool python3 sqlite3 unshare dpkg-deb; do
    command -v "$tool" >/dev/null 2>&1 || skip "$tool is missing (scripts/dev.sh setup installs it)"
done

# A Debian 12 root made from the archive, refreshed weekly so security updates reach it.
mkdir -p "$cache"
tarball="$cache/bookworm-apt.tar"
if [ ! -f "$tarball" ] || [ -n "$(find "$tarball" -mtime +6)" ]; then
    log "creating a clean Debian 12 root with mmdebstrap (cached in $cache)"
    mmdebstrap --quiet --variant=apt --mode=root bookworm "$cache/bookworm-apt.new.tar" \
        "deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
        "deb $security_mirror bookworm-security main"
    mv "$cache/bookworm-apt.new.tar" "$tarball"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/valis-install-test.XXXXXX")"
# Logs and the screenshot: where VALIS_PACKAGE_TEST_ARTIFACTS says (kept), else a folder of
# their own that is kept only when the test fails.
if [ -n "${VALIS_PACKAGE_TEST_ARTIFACTS:-}" ]; then
    artifacts="$VALIS_PACKAGE_TEST_ARTIFACTS" keep_artifacts=yes
    mkdir -p "$artifacts"
    (cd "$artifacts" && rm -f screen.png screen.xwd valis.log apt-update.log apt-install.log apt-purge.log package-files.txt)
else
    artifacts="$(mktemp -d "${TMPDIR:-/tmp}/valis-install-test-logs.XXXXXX")" keep_artifacts=no
fi
mkdir -p "$artifacts"
artifacts="$(realpath "$artifacts")"
status=1
xvfb=""
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
    if [ -n "$xvfb" ]; then kill "$xvfb" 2>/dev/null || true; fi
    rm -rf "$work"
    if [ "$keep_artifacts" = no ] && [ "$status" -eq 0 ]; then rm -rf "$artifacts"; fi
}
trap cleanup EXIT
mkdir -p "$work/root" "$work/fb"
ln -s "$artifacts" "$work/artifacts"
tar -xf "$tarball" -C "$work/root"
cp "$deb" "$work/root/tmp/"

# The display lives on the host (its framebuffer file is the screenshot); the root sees its socket.
Xvfb -displayfd 3 -screen 0 1280x800x24 -fbdir "$work/fb" -nolisten tcp -ac 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
for _ in $(seq 1 50); do [ -s "$work/display" ] && break; sleep 0.1; done
display="$(tr -d '[:space:]' <"$work/display")"
[ -n "$display" ] || { cat "$work/xvfb.log" >&2; fail "Xvfb did not start"; }

fixture=""
fixtures="${VALIS_FIXTURES:-$here/../../../shared/fixtures}"
if [ -f "$fixtures/claude-code-sessions-spotter/tool_heavy.jsonl" ]; then
    fixture="$fixtures/claude-code-sessions-spotter/tool_heavy.jsonl"
else
    log "no shared fixtures at $fixtures: importing only the transcript made here"
fi

status=0
unshare --mount --propagation private "$0" --inside "$work/root" "$work" "$display" "$(basename "$deb")" \
    "$host_cli" "$fixture" || status=$?
[ "$status" -eq 0 ] || printf 'install-test: logs and screenshot in %s\n' "$artifacts" >&2
exit "$status"
