#!/bin/sh
# as-user.sh [--reach PATH]... [--writable DIR]... [--pids-cgroup] [--] COMMAND [ARGUMENT...]
# Runs COMMAND as a normal user, so suites that CI runs as root also meet what a person's
# desktop has: Chromium's sandbox on, bubblewrap through unprivileged user namespaces, a process
# limit that is not a root-owned pids cgroup.
#
# As root it makes the user $VALIS_TEST_USER (default valis-test, with a home folder) when it is
# missing, checks that the user can read every --reach PATH (granting search permission on the
# folders above it through an ACL where setfacl exists), gives the user each --writable DIR, and
# runs COMMAND through runuser with this environment, except that HOME, TMPDIR and
# XDG_RUNTIME_DIR are private folders of this run (removed afterwards) and what points at root's
# display, bus or folders is left out. With --pids-cgroup the command starts inside a cgroup v1
# "pids" group handed to the user (as systemd delegates one to a login session), so the sandbox's
# per-command pids groups can be used by a normal user; without it a normal user has none, and
# RLIMIT_NPROC is what bounds processes.
# Not as root, it runs COMMAND as it is. Exits with COMMAND's exit status.
set -u
support=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/support/scratch.sh
. "$support/scratch.sh"

user="${VALIS_TEST_USER:-valis-test}"
reach=""
writable=""
pids_cgroup=no
while [ "$#" -gt 0 ]; do
    case "$1" in
        --reach) reach="$reach
$2"; shift 2 ;;
        --writable) writable="$writable
$2"; shift 2 ;;
        --pids-cgroup) pids_cgroup=yes; shift ;;
        --) shift; break ;;
        *) break ;;
    esac
done
[ "$#" -gt 0 ] || { echo "usage: $0 [--reach PATH]... [--writable DIR]... [--pids-cgroup] [--] COMMAND [ARGUMENT...]" >&2; exit 2; }

say() { echo "as-user.sh: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
    printf '%s\n' "$writable" | while IFS= read -r dir; do [ -z "$dir" ] || mkdir -p "$dir"; done
    exec "$@"
fi

command -v runuser >/dev/null 2>&1 || skip "runuser not found (Debian package util-linux): cannot run the suite as a normal user"
command -v useradd >/dev/null 2>&1 || id -u "$user" >/dev/null 2>&1 \
    || skip "useradd not found (Debian package passwd) and no user $user: cannot run the suite as a normal user"

# Tests run in parallel; one of them makes the user.
lock="${VALIS_AS_USER_LOCK:-/tmp/valis-as-user.lock}"
exec 9>"$lock" || exit 1
flock 9
if ! id -u "$user" >/dev/null 2>&1; then
    useradd --create-home --user-group --shell /bin/sh --comment "Valis tests as a normal user" "$user" || {
        say "could not create the user $user"
        exit 1
    }
fi
flock -u 9
exec 9>&-
group=$(id -gn "$user")

as_user() { runuser -u "$user" -- "$@"; }

reach="$reach
${VALIS_FIXTURES:-}"
# What the command reads: the build, the sources, the fixtures. Files there are world-readable
# (umask 022); the folders above them may not be (a checkout in /root): the user gets search
# permission on those alone (scripts/dev.sh setup installs acl for setfacl).
# shellcheck disable=SC2016 # $1 is the inner shell's
can_read() { as_user sh -c 'test -r "$1" && { test ! -d "$1" || test -x "$1"; }' sh "$1"; }
printf '%s\n' "$reach" | while IFS= read -r path; do
    [ -n "$path" ] && [ -e "$path" ] || continue
    can_read "$path" && continue
    if command -v setfacl >/dev/null 2>&1; then
        dir=$(dirname "$path")
        while :; do
            as_user test -x "$dir" || setfacl -m "u:$user:x" "$dir"
            [ "$dir" = / ] && break
            dir=$(dirname "$dir")
        done
    fi
    if ! can_read "$path"; then
        say "the user $user cannot read $path: make the folders above it searchable by others (chmod o+x), install acl (setfacl), or check the tree out elsewhere"
        exit 1
    fi
done || exit 1

printf '%s\n' "$writable" | while IFS= read -r dir; do
    [ -z "$dir" ] || { mkdir -p "$dir" && chown "$user:$group" "$dir"; }
done

# Xvfb started as the user needs the shared socket folder, which only root may create properly.
mkdir -p /tmp/.X11-unix 2>/dev/null && chmod 1777 /tmp/.X11-unix 2>/dev/null

make_scratch as-user
mkdir -p "$scratch/tmp" || exit 1
chown -R "$user:$group" "$scratch"
# runuser keeps the scratch folder's parent (TMPDIR) in reach: it is /tmp or root's choice.
chmod 711 "$scratch"

if [ "$pids_cgroup" = yes ]; then
    # cgroup v1 pids: root makes a group, hands it to the user and moves this shell into it;
    # runuser and the command inherit it. cgroup v2 delegation needs the pids controller in the
    # unified hierarchy, which a hybrid layout lacks (the suite reports which mechanism ran).
    pids=$(awk '$9 == "cgroup" && $NF ~ /(^|,)pids(,|$)/ { print $5; exit }' /proc/self/mountinfo)
    if [ -n "$pids" ] && [ -w "$pids" ]; then
        delegated="$pids/valis-as-user-$user"
        if mkdir -p "$delegated" && chown -R "$user:$group" "$delegated" && echo $$ > "$delegated/cgroup.procs"; then
            # The suites check that the sandbox finds and uses it.
            export VALIS_TEST_PIDS_CGROUP="$delegated"
        else
            say "could not hand the pids group $delegated to $user: the command runs without one"
        fi
    else
        say "no writable cgroup v1 pids hierarchy: the command runs without a pids group"
    fi
fi

# Root's display, bus, X authority and XDG folders mean nothing to (and are closed to) the user;
# and a normal user's Chromium keeps its sandbox, which root's runs turn off.
unset XAUTHORITY DISPLAY DBUS_SESSION_BUS_ADDRESS XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME XDG_STATE_HOME \
    QTWEBENGINE_CHROMIUM_FLAGS QTWEBENGINE_DISABLE_SANDBOX
runuser -u "$user" -- env HOME="$scratch/home" TMPDIR="$scratch/tmp" XDG_RUNTIME_DIR="$scratch/runtime" \
    USER="$user" LOGNAME="$user" "$@"
status=$?
exit "$status"
