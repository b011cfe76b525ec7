#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A local run where `localhost` does not resolve (a minimal root or container without
# /etc/hosts): the installed trainyard runs a distributed job of the installed example on the
# loopback address 127.0.0.1, says so once, and the job succeeds.
#
# In a mount namespace of its own: an empty /etc/hosts, and hosts looked up in files alone (so
# neither DNS nor nss-myhostname answers for localhost).
#
# Usage: no_etc_hosts.sh ROOT
set -euo pipefail
root=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -x "$root/usr/bin/trainyard" ] || fail "no installed trainyard in $root (the packaging_deb test installs it)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: >"$work/hosts"
printf 'hosts: files\n' >"$work/nsswitch.conf"
as=(unshare --mount)
[ "$(id -u)" -eq 0 ] || as+=(--map-root-user)
export HOME=$work TRAINYARD_HOME=$work/jobs XDG_CONFIG_HOME=$work/config LC_ALL=C.UTF-8
"${as[@]}" bash -c '
    set -e
    mount --make-rprivate /
    mount --bind "$1/hosts" /etc/hosts
    mount --bind "$1/nsswitch.conf" /etc/nsswitch.conf
    if getent hosts localhost; then echo "localhost still resolves"; exit 3; fi
    PATH=/usr/bin:/bin "$2/usr/bin/trainyard" local train --module-name trainer.task \
        --package-path "$2/usr/share/trainyard/examples/mnist_like/trainer" --distributed \
        --worker-count 1 --parameter-server-count 1 -- --epochs 1 --steps-per-epoch 5
' bash "$work" "$root" >"$work/run.txt" 2>&1 || { cat "$work/run.txt"; fail "the run failed"; }
cat "$work/run.txt"
notes=$(grep -c 'does not resolve' "$work/run.txt" || true)
[ "$notes" -eq 1 ] || fail "the fallback to 127.0.0.1 was said $notes times, not once"
grep -q 'serving on 127.0.0.1:' "$work/run.txt" || fail "the parameter server does not listen on 127.0.0.1"
if grep -q 'localhost:' "$work/run.txt"; then fail "a replica was given localhost"; fi
echo "PASS: without /etc/hosts the job ran on 127.0.0.1"
