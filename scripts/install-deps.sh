#!/usr/bin/env bash
# Installs what Trainyard needs to build, run and test on Debian 12 (run as root).
# Idempotent and quick when everything is already there.
#   --tests   also what only the test suite needs (python3-torch for the PyTorch DDP example,
#             desktop-file-validate, appstreamcli and lintian for the packaging, clang-format,
#             clang-tidy and clazy for the checks)
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-tools-dev qt6-tools-dev-tools
    qt6-l10n-tools qt6-svg-dev qt6-translations-l10n libgl-dev
    libyaml-cpp-dev qtkeychain-qt6-dev libsecret-1-0 libpcre2-dev libssl-dev
    libprotobuf-dev protobuf-compiler
    libeigen3-dev
    gnome-keyring dbus dbus-x11 xvfb xauth
    python3 python3-numpy
)

if [ "${1:-}" = "--tests" ]; then
    # dunst: a real notification server for the job-ended notification test
    # python3-tqdm: the real tqdm progress bar in the log display tests
    # openssl: RSA keys the cloud tests generate; util-linux: unshare, mount and prlimit for the
    # containment and full-disk tests
    # python3-yaml: the Kubernetes manifests read back by tests/unit/export/k8s_validate.py
    # lintian: the .deb's check (tests/packaging); jq: a command of the README, which
    # tests/packaging/readme_commands.py runs
    # python3-sklearn, python3-xgboost: the real libraries' metric output (tst_metricforms)
    packages+=(python3-torch desktop-file-utils appstream dunst python3-tqdm openssl util-linux
               python3-yaml lintian jq python3-sklearn python3-xgboost)
    # clang-format, clang-tidy, clazy: the format and static-analysis checks of run-tests.sh
    packages+=(python3-torch desktop-file-utils appstream dunst python3-tqdm openssl util-linux
               clang-format clang-tidy clazy)
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done

if ((${#missing[@]})); then
    echo "install-deps: installing ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        echo "install-deps: these packages are missing and installing them needs root" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
