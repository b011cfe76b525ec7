#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Static analysis of Trainyard's own code: clang-tidy (.clang-tidy) and, where it is installed,
clazy (the checks in CLAZY_CHECKS below), over the translation units of src/, ui/ and app/.

Fails (exit 1) on any finding not in scripts/static-analysis-baseline.txt. The baseline is empty:
the tree has no findings; a deliberate case is marked on its line with `// NOLINT(check): why`
(clang-tidy) or `// clazy:exclude=check` (clazy), never added to the baseline silently.

Which files: by default those a change can have touched, so CI stays fast on 2 cores: the .cpp
files changed since the merge base with --base (default: main) by commits not listed in
.git-blame-ignore-revs (mechanical renames and reformatting), uncommitted ones included, and
every .cpp whose object includes such a changed header (from the build's dependency records,
`ninja -t deps`). On the base branch itself the last commit's files are checked. --all checks
every file.

Needs a configured build with compile_commands.json (the ci preset writes one):
    scripts/check-tidy.py [--all] [--base REF] [--build build/ci] [-j N]
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "scripts", "static-analysis-baseline.txt")
OURS = ("src/", "ui/", "app/")
# clazy's level0 (each a bug or a clear waste) and the level1 checks that are not about style.
CLAZY_CHECKS = ",".join([
    "level0",
    "no-non-pod-global-static",  # static QStrings in an anonymous namespace are fine here
    "no-strict-iterators",  # Qt 6's QList iterators: false positives on std algorithms
    "no-qstring-ref",  # asks for midRef(), which Qt 6 deprecates
    "detaching-temporary", "range-loop-detach", "incorrect-emit", "overridden-signal",
    "returning-data-from-temporary", "qdeleteall", "child-event-qobject-cast",
    "connect-3arg-lambda", "const-signal-or-slot", "virtual-signal", "qproperty-without-notify",
    "rule-of-two-soft", "skipped-base-method",
])
FINDING = re.compile(r"^(?P<path>/[^:]+):(?P<line>\d+):(?P<col>\d+): (?:warning|error): "
                     r"(?P<msg>.*?) \[(?P<check>[^\]]+)\]$")


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                          check=False).stdout


def tracked_sources():
    files = git("ls-files", "--", "src/*.cpp", "ui/*.cpp", "app/*.cpp").split()
    return [f for f in files if f.startswith(OURS)]


def ignored_revs():
    """Mechanical commits (renames, reformatting) listed in .git-blame-ignore-revs."""
    path = os.path.join(ROOT, ".git-blame-ignore-revs")
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8") as f:
        return {l.split()[0] for l in f if re.match(r"^[0-9a-f]{40}", l)}


def changed_files(base):
    head = git("rev-parse", "HEAD").strip()
    merge_base = git("merge-base", "HEAD", base).strip()
    if not merge_base or merge_base == head:
        merge_base = git("rev-parse", "--verify", "-q", "HEAD~1").strip()
    if not merge_base:
        return None  # no history to compare with: check everything
    # The files of every commit since the merge base but the mechanical ones (a reformatting
    # of the whole tree changes no finding), and what is not committed yet.
    skip = ignored_revs()
    files = set()
    for commit in git("rev-list", "--no-merges", f"{merge_base}..HEAD").split():
        if commit not in skip:
            files.update(git("diff-tree", "--no-commit-id", "--name-only", "-r", commit).split())
    files.update(git("diff", "--name-only", "HEAD").split())
    files.update(git("ls-files", "--others", "--exclude-standard").split())
    return files


def includers(build, headers):
    """The .cpp files of ours whose object depends on one of `headers` (paths from ROOT)."""
    out = subprocess.run(["ninja", "-C", build, "-t", "deps"], capture_output=True, text=True,
                         check=False).stdout
    result = set()
    source = None
    hit = False
    for line in out.splitlines():
        if line and not line.startswith(" "):
            if source and hit:
                result.add(source)
            source, hit = None, False
            continue
        dep = os.path.relpath(os.path.normpath(os.path.join(build, line.strip())), ROOT)
        if source is None and dep.endswith(".cpp"):
            source = dep
        if dep in headers:
            hit = True
    if source and hit:
        result.add(source)
    return result


def run(cmd):
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    return proc.stdout + proc.stderr


def analyse(build, path, clazy):
    full = os.path.join(ROOT, path)
    text = run(["clang-tidy", "-p", build, "--quiet", full])
    if clazy:
        text += run(["clazy-standalone", "-p", build, "--checks=" + CLAZY_CHECKS,
                     "--ignore-dirs=" + os.path.join(build, ""),
                     "--extra-arg=-Wno-error", full])
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="check every file")
    parser.add_argument("--base", default=os.environ.get("TIDY_BASE", "main"))
    parser.add_argument("--build", default=os.path.join(ROOT, "build", "ci"))
    parser.add_argument("-j", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    if not os.path.exists(os.path.join(build, "compile_commands.json")):
        sys.exit(f"check-tidy: no {build}/compile_commands.json (cmake --preset ci writes it)")
    if not shutil.which("clang-tidy"):
        sys.exit("check-tidy: clang-tidy not found (scripts/install-deps.sh --tests)")
    clazy = shutil.which("clazy-standalone") is not None

    sources = tracked_sources()
    changed = None if args.all else changed_files(args.base)
    if changed is None:
        todo = sources
        scope = "every file"
    else:
        headers = {f for f in changed if f.endswith(".h") and f.startswith(OURS)}
        todo_set = {f for f in changed if f in set(sources)}
        if headers:
            todo_set |= includers(build, headers) & set(sources)
        todo = sorted(todo_set)
        scope = f"{len(todo)} of {len(sources)} files (changed since {args.base}, or including a changed header)"

    started = time.monotonic()
    findings = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
        for text in pool.map(lambda p: analyse(build, p, clazy), todo):
            for line in text.splitlines():
                m = FINDING.match(line.strip())
                if not m:
                    continue
                rel = os.path.relpath(m["path"], ROOT)
                if not rel.startswith(OURS):
                    continue
                check = m["check"]
                # Compiler warnings are GCC's business (the ci preset's -Werror); clang's own
                # differ in places (-Woverloaded-virtual) and are not what this step checks.
                if check.startswith("clang-diagnostic-") or (
                        check.startswith("-W") and not check.startswith("-Wclazy-")):
                    continue
                # Without the line number, so the baseline survives edits above a finding.
                key = f"{rel}: [{m['check']}] {m['msg']}"
                findings.setdefault(key, f"{rel}:{m['line']}:{m['col']}: {m['msg']} [{m['check']}]")

    baseline = set()
    if os.path.exists(BASELINE):
        with open(BASELINE, encoding="utf-8") as f:
            baseline = {l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")}
    new = sorted(k for k in findings if k not in baseline)
    tools = "clang-tidy" + (" and clazy" if clazy else " (clazy not installed)")
    elapsed = time.monotonic() - started
    if new:
        print(f"check-tidy: {len(new)} new finding(s) of {tools} in {scope}:", file=sys.stderr)
        for k in new:
            print("  " + findings[k], file=sys.stderr)
        print("Fix them, or mark a deliberate case on its line: // NOLINT(check): why "
              "(clang-tidy), // clazy:exclude=check (clazy).", file=sys.stderr)
        return 1
    print(f"check-tidy: no new findings of {tools} in {scope} ({elapsed:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
