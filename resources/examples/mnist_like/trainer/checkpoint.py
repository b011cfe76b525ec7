"""Checkpoints as JSON, written atomically (temporary file + rename)."""

import json
import os
import tempfile

FILE_NAME = "checkpoint.json"


def directory(job_dir):
    """AIP_CHECKPOINT_DIR when the executor sets it, else <job-dir>/checkpoints."""
    env = os.environ.get("AIP_CHECKPOINT_DIR")
    if env:
        return env
    if job_dir:
        return os.path.join(job_dir, "checkpoints")
    return None


def save(folder, state):
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".checkpoint-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(state, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, os.path.join(folder, FILE_NAME))
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load(folder):
    if not folder:
        return None
    try:
        with open(os.path.join(folder, FILE_NAME)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None
