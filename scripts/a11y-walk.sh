#!/usr/bin/env bash
# The screen-reader walk of docs/accessibility.md with a real AT-SPI client: a private D-Bus
# session (the accessibility bus is started on demand) and an X display of its own, then
# scripts/a11y-walk.py against trainyard-gui of the given build folder. Needs python3-pyatspi
# (scripts/install-deps.sh --tests does not install it: this is a manual check).
#   scripts/a11y-walk.sh build/ci > walk.txt
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/ci}
# The display first: the session bus and the accessibility registry it starts inherit DISPLAY,
# so the registry can synthesize the walk's mouse and keyboard (XTest).
exec xvfb-run -a -s '-screen 0 1366x768x24' dbus-run-session -- /usr/bin/python3 scripts/a11y-walk.py "$build"
