#!/usr/bin/env bash
# Installs what is missing, builds Trainyard with warnings as errors and runs every test with
# ctest. Tests that need the system keychain run inside a private D-Bus session with their own
# gnome-keyring; GUI tests use the offscreen platform.
# Then the static checks (a full run only, i.e. without ctest arguments): the format
# (scripts/check-format.sh), the house's floors, store files and threading idioms
# (scripts/check-architecture.py) and clang-tidy/clazy (scripts/check-tidy.py: the files changed
# since main). They run after the tests, so a check's failure never hides a test's result; the exit
# status is non-zero when the tests or a check failed.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --tests
cmake --preset ci >/dev/null
cmake --build --preset ci
cmake --build --preset ci --target bench

# A private session bus and keyring for everything under test.
status=0
dbus-run-session -- bash -c '
    set -euo pipefail
    tmp=$(mktemp -d)
    trap "rm -rf \"$tmp\"" EXIT
    export XDG_DATA_HOME=$tmp/data XDG_RUNTIME_DIR=$tmp/runtime XDG_CONFIG_HOME=$tmp/config
    mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"; mkdir -m700 "$XDG_RUNTIME_DIR"
    printf %s trainyard-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    ctest --preset ci "$@"
' ctest "$@" || status=$?

if [ $# -eq 0 ]; then
    scripts/check-format.sh || status=1
    scripts/check-architecture.py || status=1
    scripts/check-tidy.py --build build/ci || status=1
fi
exit $status
