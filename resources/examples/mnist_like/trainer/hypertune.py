"""Reports a metric the way cloudml-hypertune does: JSON Lines at $CLOUD_ML_HP_METRIC_FILE,
keys sorted, values as strings, the whole file rewritten keeping the last 100 entries."""

import json
import os
import time

MAX_ENTRIES = 100


def report(tag, value, global_step):
    path = os.environ.get("CLOUD_ML_HP_METRIC_FILE")
    if not path:
        return False
    entry = {
        "global_step": str(int(global_step)),
        tag: str(value),
        "timestamp": time.time(),
        "trial": os.environ.get("CLOUD_ML_TRIAL_ID", "0"),
    }
    lines = []
    try:
        with open(path) as f:
            lines = [line.rstrip("\n") for line in f if line.strip()]
    except OSError:
        pass
    lines.append(json.dumps(entry, sort_keys=True))
    lines = lines[-MAX_ENTRIES:]
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)
    return True
