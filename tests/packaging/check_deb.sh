#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The .deb as a distribution would take it and a user would install it:
#   1. cpack makes it from the build tree (built already: ctest runs after the build);
#   2. lintian finds no error and no warning;
#   3. its control fields name what the features need, its files are where Debian wants them;
#   4. dpkg installs it into ROOT, a root of its own (as root; otherwise it is unpacked there);
#   5. the installed trainyard runs: --version, validate on the installed example, the hand-over
#      to the window and to the cloud CLI in libexec, and a local run of the installed example
#      that writes nothing under /usr/share.
# ROOT stays for the tests that need an installed tree (readme_commands.py, no_etc_hosts.sh);
# purge_deb.sh removes it again.
#
# Usage: check_deb.sh BUILD_DIR ROOT
set -euo pipefail
build=$(cd "$1" && pwd)
root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in cpack lintian dpkg dpkg-deb; do
    command -v "$tool" >/dev/null || fail "$tool is not installed (scripts/install-deps.sh --tests)"
done

# 1. The package.
(cd "$build" && cpack -G DEB -B "$work/cpack" >"$work/cpack.log" 2>&1) ||
    { cat "$work/cpack.log"; fail "cpack could not make the package"; }
deb=$(ls "$work"/cpack/trainyard_*.deb)
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"

# 2. lintian: no error, no warning (info and pedantic tags are printed, not counted).
lintian --no-cfg --display-info "$deb" >"$work/lintian.log" 2>&1 || true
sed -e '/^running with root privileges/d' "$work/lintian.log"
if grep -E '^[EW]: ' "$work/lintian.log" >/dev/null; then
    fail "lintian reports errors or warnings"
fi

# 3. Control fields and files.
field() { dpkg-deb -f "$deb" "$1"; }
echo "Depends: $(field Depends)"
echo "Recommends: $(field Recommends)"
for dep in python3 qt6-qpa-plugins libqt6svg6; do
    field Depends | grep -Eq "(^|, )$dep( |,|$)" || fail "Depends lacks $dep"
done
field Recommends | grep -q 'python3-setuptools' || fail "Recommends lacks python3-setuptools"
field Recommends | grep -q 'gnome-keyring |' || fail "Recommends lacks a secret service"
[ "$(field Description | wc -l)" -ge 5 ] || fail "the extended description is missing"
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/files"
expect() { grep -qx "$1" "$work/files" || fail "the package lacks $1"; }
expect /usr/bin/trainyard
expect /usr/libexec/trainyard/trainyard-gui
expect /usr/libexec/trainyard/trainyard-cloud
expect /usr/share/doc/trainyard/copyright
expect /usr/share/doc/trainyard/changelog.gz
expect /usr/share/man/man1/trainyard.1.gz
expect /usr/share/bash-completion/completions/trainyard
expect /usr/share/applications/io.github.trainyard.Trainyard.desktop
expect /usr/share/metainfo/io.github.trainyard.Trainyard.metainfo.xml
expect /usr/share/icons/hicolor/scalable/apps/io.github.trainyard.Trainyard.svg
expect /usr/share/trainyard/examples/mnist_like/config.yaml
expect /usr/share/trainyard/examples/mnist_like/trainer/task.py
expect /usr/share/trainyard/examples/torch_ddp/config.yaml
expect /usr/share/trainyard/examples/torch_ddp/trainer/task.py
bins=$(grep -c '^/usr/bin/.' "$work/files")
[ "$bins" -eq 1 ] || fail "/usr/bin holds $bins programs; only trainyard belongs on PATH"
if grep -E '__pycache__|\.pyc$' "$work/files"; then fail "the package holds Python bytecode"; fi

# 4. Installed into a root of its own.
rm -rf "$root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
if [ "$(id -u)" -eq 0 ]; then
    # The root has none of the dependencies: those are this machine's.
    dpkg --root="$root" --force-depends --log=/dev/null -i "$deb" >"$work/dpkg.log" 2>&1 ||
        { cat "$work/dpkg.log"; fail "dpkg could not install the package"; }
    dpkg --root="$root" -L trainyard >/dev/null || fail "dpkg does not list the installed package"
else
    echo "not root: the package is unpacked (dpkg-deb -x), not installed"
    dpkg-deb -x "$deb" "$root"
fi

# 5. The installed programs.
bin=$root/usr/bin/trainyard
examples=$root/usr/share/trainyard/examples
home=$work/home
mkdir -p "$home"
export HOME=$home TRAINYARD_HOME=$home/jobs XDG_CONFIG_HOME=$home/config QT_QPA_PLATFORM=offscreen
export LC_ALL=C.UTF-8
version=$("$bin" --version)
echo "$version"
[ "$version" = "trainyard $(dpkg-deb -f "$deb" Version)" ] || fail "--version says '$version'"
"$bin" validate "$examples/mnist_like/config.yaml" || fail "validate of the installed example"
"$bin" validate "$examples/torch_ddp/config.yaml" || fail "validate of the installed example"
# `ai …` is trainyard-cloud's, in libexec: the hand-over finds it there.
"$bin" ai --help >"$work/ai.txt" 2>&1 && grep -q '^Usage: trainyard ai' "$work/ai.txt" ||
    { cat "$work/ai.txt"; fail "trainyard did not hand 'ai' over to trainyard-cloud"; }
# Without a command: the window, trainyard-gui in libexec, saves a picture of itself.
"$bin" --screenshot "$work/window.png" >"$work/gui.txt" 2>&1 ||
    { cat "$work/gui.txt"; fail "trainyard did not start the window"; }
[ -s "$work/window.png" ] || fail "the window saved no screenshot"
# A local run of the installed example, where it is installed: nothing is written there.
before=$(find "$root/usr/share" | sort)
PATH=/usr/bin:/bin "$bin" local train --module-name trainer.task \
    --package-path "$examples/mnist_like/trainer" --distributed --worker-count 1 \
    --parameter-server-count 1 -- --epochs 1 --steps-per-epoch 5 >"$work/run.txt" 2>&1 ||
    { cat "$work/run.txt"; fail "the installed example did not run"; }
after=$(find "$root/usr/share" | sort)
if [ "$before" != "$after" ]; then
    diff <(echo "$before") <(echo "$after") || true
    fail "the run wrote under the installed /usr/share"
fi
echo "PASS: lintian clean, installed in $root, the installed example runs and leaves it as it was"
