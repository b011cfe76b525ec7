#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# After the installed tree was used (check_deb.sh, readme_commands.py, no_etc_hosts.sh: examples
# run, the window started), `dpkg --purge` leaves nothing behind: no folder it cannot remove
# because something wrote into it (a __pycache__ under /usr/share was one). Then ROOT goes.
#
# Usage: purge_deb.sh ROOT
set -euo pipefail
root=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -d "$root/usr" ] || fail "nothing installed in $root (the packaging_deb test installs it)"
if [ "$(id -u)" -eq 0 ] && [ -s "$root/var/lib/dpkg/status" ]; then
    dpkg --root="$root" --log=/dev/null --purge trainyard >/dev/null ||
        fail "dpkg could not purge the package"
    # dpkg removes the folders it made once they are empty, /usr too.
    left=$(find "$root" -path "$root/var" -prune -o -mindepth 1 -print)
    if [ -n "$left" ]; then
        echo "$left"
        fail "the purge left these behind"
    fi
    echo "PASS: purged, nothing left behind"
else
    echo "not installed by dpkg (not root): nothing to purge"
fi
rm -rf "$root"
