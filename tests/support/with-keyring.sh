#!/bin/sh
# with-keyring.sh COMMAND [ARGUMENT...]
# Runs COMMAND inside a private D-Bus session with its own gnome-keyring (Secret Service),
# unlocked, whose files live in a temporary folder removed afterwards: the keychain tests meet a
# real Secret Service and never the user's keyring. Exits with COMMAND's exit status.
# Without dbus-run-session or gnome-keyring-daemon it prints a Qt Test "SKIP" line (which CTest
# reports as a skipped test, see valis_add_test) and runs nothing.
set -u
support=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/support/scratch.sh
. "$support/scratch.sh"

command -v dbus-run-session >/dev/null 2>&1 \
    || skip "dbus-run-session not found (Debian package dbus-daemon): the keychain tests need a private D-Bus session"
command -v dbus-send >/dev/null 2>&1 \
    || skip "dbus-send not found (Debian package dbus-bin): the keychain tests need it to wait for the Secret Service"
command -v gnome-keyring-daemon >/dev/null 2>&1 \
    || skip "gnome-keyring-daemon not found (Debian package gnome-keyring): the keychain tests need a Secret Service"
[ "$#" -gt 0 ] || { echo "usage: $0 COMMAND [ARGUMENT...]" >&2; exit 2; }

make_scratch keyring
use_scratch_session
# Without a display nothing can reach another session's bus.
unset DISPLAY

# The daemon runs in the foreground as a child of the session, so it is stopped with it (a
# daemonized one outlives the bus); the command starts once the Secret Service owns its name.
dbus-run-session -- sh -c '
    . "$0"
    start_keyring || { echo "with-keyring.sh: gnome-keyring-daemon did not provide a Secret Service" >&2; exit 1; }
    "$@"
    status=$?
    kill "$keyring" 2>/dev/null
    wait "$keyring" 2>/dev/null
    exit "$status"
' "$support/scratch.sh" "$@"
