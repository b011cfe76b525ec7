#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""scripts/check-architecture.py against a small tree of its own: each kind of breach is named
(file, line, rule) and fails the check; an idiom listed in ARCHITECTURE.md passes, and a listed
file that no longer uses it is named too. Then the real tree passes."""
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check-architecture.py")


def run(root=None):
    args = [sys.executable, SCRIPT] + (["--root", root] if root else [])
    return subprocess.run(args, capture_output=True, text=True, check=False)


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)


class CheckArchitecture(unittest.TestCase):
    def tree(self, files, listed=""):
        root = tempfile.mkdtemp()
        write(root, "docs/ARCHITECTURE.md", "## Threads\n\n" + listed)
        for path, text in files.items():
            write(root, path, text)
        return root

    def test_clean_tree_passes(self):
        root = self.tree({"src/service/layout.cpp": '#include "jobspec/job.h"\n',
                          "ui/jobs/view.cpp": '#include "store/jobstore.h"\n'})
        result = run(root)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)

    def test_ground_floor_including_exec_fails(self):
        root = self.tree({"src/export/flags.cpp": '// comment\n#include "exec/layout.h"\n'})
        result = run(root)
        self.assertEqual(result.returncode, 1)
        self.assertIn("src/export/flags.cpp:2: the ground floor export/ includes exec/layout.h",
                      result.stdout)

    def test_core_including_the_cloud_fails(self):
        root = self.tree({"src/secrets/masker.cpp": '#include "cloud/keychain/store.h"\n'})
        result = run(root)
        self.assertEqual(result.returncode, 1)
        self.assertIn("trainyard_core includes cloud/keychain/store.h", result.stdout)

    def test_ui_naming_a_store_file_fails(self):
        root = self.tree({"ui/logs/model.cpp":
                          'auto f = QDir(d).entryInfoList({QStringLiteral("*.log")});\n'
                          'QFile s(dir + QStringLiteral("/state.json"));\n'})
        result = run(root)
        self.assertEqual(result.returncode, 1)
        self.assertIn("ui/logs/model.cpp:1: ui/ names the store's file *.log", result.stdout)
        self.assertIn("ui/logs/model.cpp:2: ui/ names the store's file state.json", result.stdout)

    def test_threading_idioms(self):
        files = {"ui/compare/view.cpp": "auto *t = QThread::create([] {});\n",
                 "src/exec/owner.cpp": "auto f = std::async(std::launch::async, [] {});\n",
                 "ui/logs/hl.cpp": "QThreadPool::globalInstance()->start([] {});\n",
                 "ui/jobs/del.cpp": "    QtConcurrent::run([] {});\n",
                 "ui/jobs/kept.cpp": "    m_future =\n        QtConcurrent::run([] {});\n",
                 "src/metrics/owner.cpp": "std::thread worker([] {});\n",
                 "src/metrics/gone.cpp": "// std::thread in a comment only\n"}
        listed = ("- `std::thread` in `src/metrics/owner.cpp`: why\n"
                  "- `std::thread` in `src/metrics/gone.cpp`: why\n")
        result = run(self.tree(files, listed))
        self.assertEqual(result.returncode, 1)
        out = result.stdout
        self.assertIn("ui/compare/view.cpp:1: QThread::create", out)
        self.assertIn("src/exec/owner.cpp:1: std::async", out)
        self.assertIn("ui/logs/hl.cpp:1: QThreadPool::start", out)
        self.assertIn("ui/jobs/del.cpp:1: dropped QtConcurrent::run", out)
        self.assertNotIn("kept.cpp", out)  # its future is kept
        self.assertNotIn("src/metrics/owner.cpp:1", out)  # listed, with why
        self.assertIn("lists std::thread in src/metrics/gone.cpp, which no longer uses it", out)

    def test_the_tree_passes(self):
        result = run()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()
