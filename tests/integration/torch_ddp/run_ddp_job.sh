#!/bin/sh
# Runs resources/examples/torch_ddp through the real executor (`jobs submit training`):
# 1 chief + 2 workers, gloo on CPU, ranks wired only by MASTER_ADDR/MASTER_PORT/WORLD_SIZE/RANK.
# Passes when the job SUCCEEDS, every rank took part and rank 0's loss falls.
# Exits 77 (ctest: skipped) with a visible message when /usr/bin/python3 has no torch.
# Usage: run_ddp_job.sh TRAINYARD_BINARY SOURCE_DIR
set -u
bin=$1
src=$2
python=/usr/bin/python3
if ! "$python" -c 'import torch.distributed' 2>/dev/null; then
    echo "SKIPPED: $python cannot import torch; install Debian's python3-torch to run this test"
    exit 77
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export TRAINYARD_HOME="$home" TRAINYARD_PYTHON="$python"
id=torch_ddp_test
"$bin" jobs submit training "$id" --config "$src/resources/examples/torch_ddp/config.yaml" \
    > "$home/out.txt" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
    echo "FAILED: jobs submit training exited $rc"; tail -20 "$home/out.txt"; exit 1
fi
grep -q "Job \[$id\] SUCCEEDED" "$home/out.txt" || { echo "FAILED: job did not succeed"; exit 1; }
logs="$home/$id/logs"
for replica in chief-0 worker-0 worker-1; do
    [ -f "$logs/$replica.log" ] || { echo "FAILED: no log for $replica"; exit 1; }
done
losses=$(grep -o 'step=[0-9]* loss=[0-9.e-]*' "$logs/chief-0.log" | sed 's/.*loss=//')
n=$(echo "$losses" | wc -l)
[ "$n" -ge 10 ] || { echo "FAILED: only $n loss lines from rank 0"; exit 1; }
first=$(echo "$losses" | head -5 | awk '{s+=$1} END {print s/NR}')
last=$(echo "$losses" | tail -5 | awk '{s+=$1} END {print s/NR}')
echo "rank 0 loss over $n steps: $first -> $last"
awk -v a="$first" -v b="$last" 'BEGIN {exit !(b < a / 2)}' || { echo "FAILED: loss did not fall"; exit 1; }
echo "OK"
