#!/bin/sh
# with-notification-server.sh COMMAND [ARGUMENT...]
# Runs COMMAND inside a private D-Bus session that has a real freedesktop notification server
# (dunst, on the X display the caller gives, e.g. from xvfb-run) and a throwaway unlocked
# Secret Service (gnome-keyring, as with-keyring.sh), so a GUI suite sees the notifications it
# causes and never the user's desktop. COMMAND finds dunstctl on PATH to read them. Exits with
# COMMAND's exit status. Without dbus-run-session, dunst or a display it prints a Qt Test "SKIP"
# line (CTest reports a skipped test) and runs nothing.
set -u
support=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/support/scratch.sh
. "$support/scratch.sh"

command -v dbus-run-session >/dev/null 2>&1 || skip "dbus-run-session not found (Debian package dbus-daemon)"
command -v dbus-send >/dev/null 2>&1 || skip "dbus-send not found (Debian package dbus-bin)"
command -v dunst >/dev/null 2>&1 || skip "dunst not found (Debian package dunst): the notification tests need a notification server"
[ -n "${DISPLAY:-}" ] || skip "no X display for dunst (run under xvfb-run)"
[ "$#" -gt 0 ] || { echo "usage: $0 COMMAND [ARGUMENT...]" >&2; exit 2; }

make_scratch notify
use_scratch_session
mkdir -p "$scratch/config/dunst" || exit 1
# Notifications stay until the test reads them (no timeout), and history keeps them all.
printf '[global]\n    history_length = 100\n[urgency_low]\n    timeout = 0\n[urgency_normal]\n    timeout = 0\n[urgency_critical]\n    timeout = 0\n' \
    > "$scratch/config/dunst/dunstrc"

dbus-run-session -- sh -c '
    . "$0"
    keyring=""
    if command -v gnome-keyring-daemon >/dev/null 2>&1; then
        start_keyring || { echo "with-notification-server.sh: no Secret Service" >&2; exit 1; }
    fi
    dunst -config "$XDG_CONFIG_HOME/dunst/dunstrc" >"$XDG_CACHE_HOME/dunst.log" 2>&1 &
    server=$!
    wait_for_bus_name org.freedesktop.Notifications "$server" || { kill "$server" $keyring; exit 1; }
    "$@"
    status=$?
    kill "$server" $keyring 2>/dev/null
    wait "$server" $keyring 2>/dev/null
    exit "$status"
' "$support/scratch.sh" "$@"
