#!/bin/sh
# Hand-made harness for resources/examples/torch_ddp: starts WORLD_SIZE ranks with
# MASTER_ADDR/MASTER_PORT/WORLD_SIZE/RANK, checks all exit 0 and rank 0's loss falls.
# Needs torch in $PYTHON (default /usr/bin/python3, Debian's python3-torch); exits 77 (skip)
# with a message when torch is missing.
set -u
PYTHON=${PYTHON:-/usr/bin/python3}
WORLD=${WORLD:-3}
PORT=${PORT:-29517}
here=$(cd "$(dirname "$0")" && pwd)
example="$here/../../../resources/examples/torch_ddp"
if ! "$PYTHON" -c 'import torch.distributed' 2>/dev/null; then
    echo "SKIP: $PYTHON cannot import torch (apt-get install python3-torch)"; exit 77
fi
dir=$(mktemp -d)
pids=""
rank=0
while [ $rank -lt "$WORLD" ]; do
    (cd "$example" && MASTER_ADDR=localhost MASTER_PORT=$PORT WORLD_SIZE=$WORLD RANK=$rank \
        PYTHONPATH="$example" exec "$PYTHON" -m trainer.task --job-dir "$dir/job" \
        >"$dir/rank$rank.log" 2>&1) &
    pids="$pids $!"
    rank=$((rank + 1))
done
rc=0
for pid in $pids; do wait "$pid" || rc=1; done
first=$(grep '^step=' "$dir/rank0.log" | head -5 | sed 's/.*loss=//' | awk '{s+=$1} END {print s/NR}')
last=$(grep '^step=' "$dir/rank0.log" | tail -5 | sed 's/.*loss=//' | awk '{s+=$1} END {print s/NR}')
echo "rank 0 loss: $first -> $last"
if [ $rc -ne 0 ]; then echo "FAILED: a rank exited non-zero"; tail -5 "$dir"/rank*.log; exit 1; fi
if ! awk -v a="$first" -v b="$last" 'BEGIN {exit !(b < a)}'; then echo "FAILED: loss did not fall"; exit 1; fi
[ -f "$dir/job/model/model.pt" ] || { echo "FAILED: no model.pt"; exit 1; }
rm -rf "$dir"
echo OK
