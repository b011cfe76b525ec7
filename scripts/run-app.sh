#!/usr/bin/env bash
# Installs what is missing, builds Trainyard (release) and starts it with the bundled example
# job (resources/examples/mnist_like: a distributed trainer, 1 chief + 2 workers + 1 parameter
# server) open in the job wizard: step through the pages and press "Run locally" on the last one.
# Pass another config.yaml to open that instead. Without a display (no $DISPLAY / $WAYLAND_DISPLAY) it starts under Xvfb and saves a
# screenshot to build/release/trainyard.png after a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release -DTRAINYARD_BUILD_TESTS=OFF >/dev/null
cmake --build --preset release --target trainyard

app=build/release/app/trainyard
example=resources/examples/mnist_like/config.yaml
[ $# -gt 0 ] || set -- "$example"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    exec "$app" "$@"
fi
echo "run-app: no display; starting under Xvfb (screenshot: build/release/trainyard.png)"
exec xvfb-run -a -s '-screen 0 1400x900x24' "$app" --screenshot build/release/trainyard.png "$@"
