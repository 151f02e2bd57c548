#!/bin/sh
# with-notification-server.sh COMMAND [ARGUMENT...]
# Runs COMMAND inside a private D-Bus session that has a real freedesktop notification server
# (dunst, on the X display the caller gives, e.g. from xvfb-run) and a throwaway unlocked
# Secret Service (gnome-keyring, as with-keyring.sh), so a GUI suite sees the notifications it
# causes and never the user's desktop. COMMAND finds dunstctl on PATH to read them. Exits with
# COMMAND's exit status. Without dbus-run-session, dunst or a display it prints a Qt Test "SKIP"
# line (CTest reports a skipped test) and runs nothing.
set -u

skip() {
    echo "SKIP   : $1"
    exit 0
}
command -v dbus-run-session >/dev/null 2>&1 || skip "dbus-run-session not found (Debian package dbus-daemon)"
command -v dbus-send >/dev/null 2>&1 || skip "dbus-send not found (Debian package dbus-bin)"
command -v dunst >/dev/null 2>&1 || skip "dunst not found (Debian package dunst): the notification tests need a notification server"
[ -n "${DISPLAY:-}" ] || skip "no X display for dunst (run under xvfb-run)"
[ "$#" -gt 0 ] || { echo "usage: $0 COMMAND [ARGUMENT...]" >&2; exit 2; }

scratch=$(mktemp -d "${TMPDIR:-/tmp}/valis-notify-XXXXXX") || exit 1
cleanup() { rm -rf "$scratch"; }
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$scratch/home" "$scratch/data" "$scratch/config/dunst" "$scratch/cache" "$scratch/runtime" || exit 1
chmod 700 "$scratch/runtime"
export HOME="$scratch/home"
export XDG_DATA_HOME="$scratch/data"
export XDG_CONFIG_HOME="$scratch/config"
export XDG_CACHE_HOME="$scratch/cache"
export XDG_RUNTIME_DIR="$scratch/runtime"
unset DBUS_SESSION_BUS_ADDRESS GNOME_KEYRING_CONTROL GNOME_KEYRING_PID WAYLAND_DISPLAY XDG_CURRENT_DESKTOP
export VALIS_TEST_KEYRING="$scratch"
# Notifications stay until the test reads them (no timeout), and history keeps them all.
printf '[global]\n    history_length = 100\n[urgency_low]\n    timeout = 0\n[urgency_normal]\n    timeout = 0\n[urgency_critical]\n    timeout = 0\n' \
    > "$scratch/config/dunst/dunstrc"

dbus-run-session -- sh -c '
    waitfor() {
        tries=0
        until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
                org.freedesktop.DBus.NameHasOwner string:"$1" 2>/dev/null | grep -q "boolean true"; do
            tries=$((tries + 1))
            if [ "$tries" -ge 100 ] || ! kill -0 "$2" 2>/dev/null; then
                echo "with-notification-server.sh: $1 did not appear on the bus" >&2
                return 1
            fi
            sleep 0.1
        done
    }
    keyring=""
    if command -v gnome-keyring-daemon >/dev/null 2>&1; then
        printf "%s" valis-test-keyring | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
        keyring=$!
        waitfor org.freedesktop.secrets "$keyring" || { kill "$keyring"; exit 1; }
    fi
    dunst -config "$XDG_CONFIG_HOME/dunst/dunstrc" >"$XDG_CACHE_HOME/dunst.log" 2>&1 &
    server=$!
    waitfor org.freedesktop.Notifications "$server" || { kill "$server" $keyring; exit 1; }
    "$@"
    status=$?
    kill "$server" $keyring 2>/dev/null
    wait "$server" $keyring 2>/dev/null
    exit "$status"
' with-notification-server "$@"
