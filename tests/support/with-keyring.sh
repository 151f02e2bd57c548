#!/bin/sh
# with-keyring.sh COMMAND [ARGUMENT...]
# Runs COMMAND inside a private D-Bus session with its own gnome-keyring (Secret Service),
# unlocked, whose files live in a temporary folder removed afterwards: the keychain tests meet a
# real Secret Service and never the user's keyring. Exits with COMMAND's exit status.
# Without dbus-run-session or gnome-keyring-daemon it prints a Qt Test "SKIP" line (which CTest
# reports as a skipped test, see valis_add_test) and runs nothing.
set -u

skip() {
    echo "SKIP   : $1"
    exit 0
}
command -v dbus-run-session >/dev/null 2>&1 \
    || skip "dbus-run-session not found (Debian package dbus-daemon): the keychain tests need a private D-Bus session"
command -v dbus-send >/dev/null 2>&1 \
    || skip "dbus-send not found (Debian package dbus-bin): the keychain tests need it to wait for the Secret Service"
command -v gnome-keyring-daemon >/dev/null 2>&1 \
    || skip "gnome-keyring-daemon not found (Debian package gnome-keyring): the keychain tests need a Secret Service"
[ "$#" -gt 0 ] || { echo "usage: $0 COMMAND [ARGUMENT...]" >&2; exit 2; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/valis-keyring-XXXXXX") || exit 1
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$scratch/home" "$scratch/data" "$scratch/config" "$scratch/cache" "$scratch/runtime" || exit 1
chmod 700 "$scratch/runtime"

# Everything the keyring daemon and the Secret Service clients look at points into the scratch
# folder; without a display nothing can reach (or autolaunch) another session's bus.
export HOME="$scratch/home"
export XDG_DATA_HOME="$scratch/data"
export XDG_CONFIG_HOME="$scratch/config"
export XDG_CACHE_HOME="$scratch/cache"
export XDG_RUNTIME_DIR="$scratch/runtime"
unset DBUS_SESSION_BUS_ADDRESS GNOME_KEYRING_CONTROL GNOME_KEYRING_PID DISPLAY WAYLAND_DISPLAY XDG_CURRENT_DESKTOP
# Tests check this before they touch a keychain, so run without this script they skip instead
# of writing to a real one.
export VALIS_TEST_KEYRING="$scratch"

# The daemon runs in the foreground as a child of the session, so it is stopped with it (a
# daemonized one outlives the bus); the command starts once the Secret Service owns its name.
# The password only unlocks this throwaway keyring.
dbus-run-session -- sh -c '
    printf "%s" valis-test-keyring | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
    keyring=$!
    tries=0
    until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
            org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; do
        tries=$((tries + 1))
        if [ "$tries" -ge 100 ] || ! kill -0 "$keyring" 2>/dev/null; then
            echo "with-keyring.sh: gnome-keyring-daemon did not provide a Secret Service" >&2
            kill "$keyring" 2>/dev/null
            exit 1
        fi
        sleep 0.1
    done
    "$@"
    status=$?
    kill "$keyring" 2>/dev/null
    wait "$keyring" 2>/dev/null
    exit "$status"
' with-keyring "$@"
