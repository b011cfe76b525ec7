#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Runs every command of README.md against an installed Trainyard, as a user would type them.

Every fenced ```sh block of the README runs, in the README's order, in one bash session (so `cd`
and variables carry over from block to block, as in a terminal), with `set -e`: a command that
fails fails the test, naming the README line of its block. A block is left out only when the
line before it says why, in an HTML comment that the rendered README does not show:

    <!-- readme-test: skip (needs a Google Cloud project and its credentials) -->

The installed tree is a root of the test's own (the package installed with dpkg --root, see
check_deb.sh): `/usr/share/trainyard` in a command means that root's, and its usr/bin comes first
on PATH. HOME, the job store and the settings are a temporary folder's; the keychain is a private
D-Bus session with its own gnome-keyring. The one fixture is a made-up Hugging Face token in
~/.cache/huggingface/token, where `huggingface-cli login` keeps the real one.

Afterwards: every job still running is cancelled (the README starts some with --async) and no
process of the test is left; nothing may have been written under the installed tree.

Usage: readme_commands.py --root ROOT --readme README.md
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

FENCE = re.compile(r"^```(\S*)\s*$")
DIRECTIVE = re.compile(r"^<!--\s*readme-test:\s*(.*?)\s*-->\s*$")
SKIP = re.compile(r"^skip\s+\((.+)\)$")


def blocks(readme):
    """(line, text, skip reason or None) for each ```sh block."""
    lines = readme.splitlines()
    found = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        language = m.group(1)
        start = i + 1
        end = start
        while end < len(lines) and not FENCE.match(lines[end]):
            end += 1
        if language == "sh":
            reason = None
            before = lines[i - 1] if i > 0 else ""
            d = DIRECTIVE.match(before)
            if d:
                s = SKIP.match(d.group(1))
                if not s:
                    sys.exit(f"README.md:{i}: unknown readme-test directive: {d.group(1)}")
                reason = s.group(1)
            found.append((start + 1, "\n".join(lines[start:end]), reason))
        elif DIRECTIVE.match(lines[i - 1] if i > 0 else ""):
            sys.exit(f"README.md:{i}: a readme-test directive before a ```{language} block")
        i = end + 1
    return found


def snapshot(folder):
    entries = set()
    for path, dirs, files in os.walk(folder):
        for name in dirs + files:
            entries.add(os.path.relpath(os.path.join(path, name), folder))
    return entries


def processes_of(root, home):
    """Processes running a program of the installed tree or with their folder under `home`."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            exe = os.readlink(f"/proc/{pid}/exe")
            cwd = os.readlink(f"/proc/{pid}/cwd")
        except OSError:
            continue
        if exe.startswith(root + "/usr/") or cwd == home or cwd.startswith(home + "/"):
            found.append(f"{pid} {exe}")
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True, help="the root the package is installed in")
    parser.add_argument("--readme", required=True)
    parser.add_argument("--timeout", type=int, default=240)
    parser.add_argument("--show-output", action="store_true", help="print what the commands print")
    args = parser.parse_args()

    root = os.path.abspath(args.root)
    share = os.path.join(root, "usr/share/trainyard")
    if not os.path.isfile(os.path.join(root, "usr/bin/trainyard")):
        sys.exit(f"no installed trainyard under {root} (the packaging_deb test installs it)")
    with open(args.readme, encoding="utf-8") as f:
        found = blocks(f.read())

    script = ["set -e"]
    run = 0
    for line, text, reason in found:
        if reason is not None:
            print(f"README.md:{line}: skipped: {reason}")
            continue
        run += 1
        script.append(f"echo '@@ README.md:{line}' >&2")
        script.append(text.replace("/usr/share/trainyard", share))
    if run == 0:
        sys.exit("README.md has no command to run")

    before = snapshot(share)
    with tempfile.TemporaryDirectory(prefix="trainyard-readme-") as home:
        env = {
            "HOME": home,
            "PATH": f"{root}/usr/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "XDG_DATA_HOME": f"{home}/.local/share",
            "XDG_CONFIG_HOME": f"{home}/.config",
            "XDG_CACHE_HOME": f"{home}/.cache",
            "XDG_RUNTIME_DIR": f"{home}/runtime",
            "QT_QPA_PLATFORM": "offscreen",
        }
        os.makedirs(f"{home}/.cache/huggingface")
        os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
        with open(f"{home}/.cache/huggingface/token", "w", encoding="utf-8") as f:
            f.write("hf_readmeTestTokenNotARealOne")
        # The README's commands (bash -e, a script of their own) in a private session bus with
        # an unlocked keyring of their own; afterwards whatever they left running is cancelled
        # (jobs started with --async), and the status is theirs.
        with open(f"{home}/readme.sh", "w", encoding="utf-8") as f:
            f.write("\n".join(script) + "\n")
        wrapped = (
            "printf %s readme | gnome-keyring-daemon --unlock --components=secrets >/dev/null\n"
            f"cd {shlex.quote(home)}\n"
            "bash -e readme.sh\n"
            "status=$?\n"
            "trainyard jobs list --format=json | /usr/bin/python3 -c '"
            "import json, sys\n"
            "for job in json.load(sys.stdin):\n"
            "    if job[\"state\"] in (\"QUEUED\", \"PREPARING\", \"RUNNING\"):\n"
            "        print(job[\"jobId\"])' | while read -r job; do\n"
            "    trainyard jobs cancel \"$job\" >/dev/null\n"
            "done\n"
            "exit $status\n"
        )
        started = time.monotonic()
        try:
            result = subprocess.run(
                ["dbus-run-session", "--", "bash", "-c", wrapped],
                env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                timeout=args.timeout, check=False)
        except subprocess.TimeoutExpired as e:
            output = (e.output or b"").decode("utf-8", "replace")
            print(output[-4000:])
            sys.exit(f"the README's commands took more than {args.timeout} s")
        output = result.stdout.decode("utf-8", "replace")
        elapsed = time.monotonic() - started
        # A job's owner outlives the command that started it, by design; none may outlive the
        # cancel, nor a trainer (they run in the copied examples, under this HOME).
        deadline = time.monotonic() + 20
        leftovers = processes_of(root, home)
        while leftovers and time.monotonic() < deadline:
            time.sleep(0.2)
            leftovers = processes_of(root, home)

    if args.show_output:
        print(output)
    if result.returncode != 0:
        marks = re.findall(r"^@@ (README\.md:\d+)$", output, re.M)
        where = marks[-1] if marks else "README.md"
        print(output[-6000:])
        sys.exit(f"{where}: a command of this block failed (exit status {result.returncode})")
    if leftovers:
        sys.exit(f"processes left running after the README's commands: {leftovers}")
    written = snapshot(share) - before
    if written:
        sys.exit(f"the README's commands wrote under the installed {share}: {sorted(written)}")
    print(f"{run} blocks of README.md ran in {elapsed:.1f} s; "
          f"{len(found) - run} skipped, each with its reason")


if __name__ == "__main__":
    main()
