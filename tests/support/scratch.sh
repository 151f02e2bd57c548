# shellcheck shell=sh
# Sourced by the test wrappers beside it (as-user.sh, with-keyring.sh,
# with-notification-server.sh): what each of them needs before it starts a command.

# skip REASON: a Qt Test SKIP line (CTest reports the test as skipped, see valis_add_test), and
# nothing runs.
skip() {
    echo "SKIP   : $1"
    exit 0
}

# make_scratch NAME: $scratch becomes a new folder of this run under TMPDIR (or /tmp) with
# home/, data/, config/, cache/ and a private runtime/, removed when the script ends, also on
# HUP, INT and TERM (which end it with the usual 128+N status).
make_scratch() {
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/valis-$1-XXXXXX") || exit 1
    trap remove_scratch EXIT
    trap 'exit 129' HUP
    trap 'exit 130' INT
    trap 'exit 143' TERM
    mkdir -p "$scratch/home" "$scratch/data" "$scratch/config" "$scratch/cache" "$scratch/runtime" || exit 1
    chmod 700 "$scratch/runtime"
}

# shellcheck disable=SC2317 # called by the trap
remove_scratch() { rm -rf "$scratch"; }

# use_scratch_session: HOME and the XDG folders point into $scratch, and nothing is left that
# reaches (or autolaunches) another session's bus or keyring. Tests check VALIS_TEST_KEYRING
# before they touch a keychain, so run without a wrapper they skip rather than use a real one.
use_scratch_session() {
    export HOME="$scratch/home"
    export XDG_DATA_HOME="$scratch/data"
    export XDG_CONFIG_HOME="$scratch/config"
    export XDG_CACHE_HOME="$scratch/cache"
    export XDG_RUNTIME_DIR="$scratch/runtime"
    unset DBUS_SESSION_BUS_ADDRESS GNOME_KEYRING_CONTROL GNOME_KEYRING_PID WAYLAND_DISPLAY XDG_CURRENT_DESKTOP
    export VALIS_TEST_KEYRING="$scratch"
}

# wait_for_bus_name NAME PID: waits (up to 10 s) until NAME has an owner on the session bus;
# fails early when PID, the process that should take it, has ended.
wait_for_bus_name() {
    tries=0
    until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
            org.freedesktop.DBus.NameHasOwner string:"$1" 2>/dev/null | grep -q "boolean true"; do
        tries=$((tries + 1))
        if [ "$tries" -ge 100 ] || ! kill -0 "$2" 2>/dev/null; then
            echo "$1 did not appear on the session bus" >&2
            return 1
        fi
        sleep 0.1
    done
}

# start_keyring: a throwaway gnome-keyring (Secret Service) in the foreground on the session
# bus, unlocked (the password only opens this keyring); $keyring is its process id.
start_keyring() {
    printf "%s" valis-test-keyring | gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
    keyring=$!
    wait_for_bus_name org.freedesktop.secrets "$keyring" || { kill "$keyring" 2>/dev/null; return 1; }
}
