#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The house's rules that a grep can hold (docs/ARCHITECTURE.md); fails (exit 1) naming the file,
line and rule of every breach:

1. Floors. A ground floor (src/jobspec, catalog, validation, service, export, text) includes only
   ground floors: nothing of exec/, store/ or any other folder above. trainyard_core (src/ but
   src/cloud/) includes nothing of src/cloud/ or ui/.
2. The windows read no store file. ui/ names none of the job folder's files (state.json, run.json,
   owner.lock, cloud.json, progress.json, the cancel request, *.log and *.metrics globs): the
   store names them (store::JobStore) and the core reads them.
3. Threads. One idiom for one-off work (threads::offThread, or QtConcurrent::run with its future in
   a QFutureWatcher) and one for followers (a QObject worker moved to its own QThread). Every
   other idiom (std::thread, std::async, QThread::create, QThreadPool::start, a QtConcurrent::run
   whose future is dropped) appears only in the files ARCHITECTURE.md lists for it, and every file
   listed there still uses it.

    scripts/check-architecture.py [--root DIR]   (DIR: another tree, for the check's own test)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if len(sys.argv) == 3 and sys.argv[1] == "--root":
    ROOT = os.path.abspath(sys.argv[2])
ARCHITECTURE = os.path.join(ROOT, "docs", "ARCHITECTURE.md")

GROUND = {"jobspec", "catalog", "validation", "service", "export", "text"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')

STORE_FILES = re.compile(
    r'"(?:[^"]*/)?(state\.json|run\.json|owner\.lock|cloud\.json|progress\.json|\.ended-jobs|'
    r'\*\.log|\*\.metrics|cancel)"')

# (name in ARCHITECTURE.md, pattern)
IDIOMS = [
    ("std::thread", re.compile(r"\bstd::(?:thread|jthread)\b")),
    ("std::async", re.compile(r"\bstd::async\b")),
    ("QThread::create", re.compile(r"\bQThread::create\b")),
    ("QThreadPool::start", re.compile(r"\bQThreadPool\b.*\bstart\s*\(|\bQThreadPool::start\b")),
    ("dropped QtConcurrent::run", re.compile(r"^\s*(?:\(void\)\s*)?QtConcurrent::run\s*\(")),
]
# An exception in ARCHITECTURE.md: a list item naming the idiom and the file, e.g.
# - `std::thread` in `src/metrics/ownermetrics.cpp`: why ...
EXCEPTION = re.compile(r"^\s*-\s+`([^`]+)`\s+in\s+`([^`]+)`")


def sources(folder):
    for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
        dirs.sort()
        for name in sorted(files):
            if name.endswith((".cpp", ".h", ".c")):
                path = os.path.join(base, name)
                yield os.path.relpath(path, ROOT), path


def code_lines(path):
    """Lines with // comments and string-free comment-only lines dropped (block comments too)."""
    in_block = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            text = line
            if in_block:
                end = text.find("*/")
                if end < 0:
                    continue
                text = text[end + 2:]
                in_block = False
            start = text.find("/*")
            if start >= 0 and text.find("*/", start) < 0 and '"' not in text[:start]:
                in_block = True
                text = text[:start]
            stripped = text.lstrip()
            if stripped.startswith("//"):
                continue
            cut = text.find("//")
            if cut >= 0 and text[:cut].count('"') % 2 == 0:
                text = text[:cut]
            yield number, text


def floors(problems):
    for rel, path in sources("src"):
        parts = rel.split("/")
        folder = parts[1]
        for number, line in code_lines(path):
            m = INCLUDE.match(line)
            if not m or "/" not in m.group(1):
                continue
            target = m.group(1).split("/")[0]
            if folder in GROUND and target not in GROUND:
                problems.append(f"{rel}:{number}: the ground floor {folder}/ includes "
                                f"{m.group(1)} from the floor above (docs/ARCHITECTURE.md)")
            if folder != "cloud" and target == "cloud":
                problems.append(f"{rel}:{number}: trainyard_core includes {m.group(1)} of "
                                f"trainyard_cloud (src/cloud/)")
            if target in {"wizard", "jobs", "mainwindow", "charts", "compare", "settings"}:
                problems.append(f"{rel}:{number}: the core includes {m.group(1)} of ui/")


def store_files(problems):
    for rel, path in sources("ui"):
        for number, line in code_lines(path):
            m = STORE_FILES.search(line)
            if m:
                problems.append(f"{rel}:{number}: ui/ names the store's file {m.group(1)}: ask "
                                f"store::JobStore for the path and the core for its content")


def documented_exceptions():
    allowed = set()
    with open(ARCHITECTURE, encoding="utf-8") as f:
        for line in f:
            m = EXCEPTION.match(line)
            if m:
                allowed.add((m.group(1), m.group(2)))
    return allowed


def threads(problems):
    allowed = documented_exceptions()
    used = set()
    for folder in ("src", "ui", "app"):
        for rel, path in sources(folder):
            if rel.endswith("threads/offthread.h"):
                continue  # the idiom itself
            previous = ";"
            for number, line in code_lines(path):
                for name, pattern in IDIOMS:
                    # A run at the start of a statement drops its future; one continuing an
                    # assignment or a call (the line before ends in = or () keeps it.
                    statement = previous.rstrip()[-1:] in (";", "{", "}", ":", "")
                    if name == "dropped QtConcurrent::run" and not statement:
                        continue
                    if pattern.search(line):
                        used.add((name, rel))
                        if (name, rel) not in allowed:
                            problems.append(
                                f"{rel}:{number}: {name} is not one of the house's threading "
                                f"idioms (threads/offthread.h, a QObject worker in a QThread); "
                                f"use one, or list the file under Threads in "
                                f"docs/ARCHITECTURE.md with why")
                if line.strip():
                    previous = line
    for name, rel in sorted(allowed - used):
        known = any(name == n for n, _ in IDIOMS)
        if known:
            problems.append(f"docs/ARCHITECTURE.md: lists {name} in {rel}, which no longer uses "
                            f"it: take it off the list")


def main():
    problems = []
    floors(problems)
    store_files(problems)
    threads(problems)
    for p in problems:
        print(p)
    if problems:
        print(f"check-architecture: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print("check-architecture: the floors, the store's files and the threading idioms hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
