#!/usr/bin/env bash
# GPU placement check on a machine with an NVIDIA GPU (issue 22): a chief with one GPU of its own
# (masterConfig.acceleratorConfig count 1) and a parameter server without, both a real PyTorch
# trainer that allocates on the GPU it sees. Prints each replica's CUDA_VISIBLE_DEVICES and
# torch.cuda.device_count() and the job's system/gpu_memory_mib series.
#
#   usage: scripts/gpu-check.sh [TRAINYARD]   (default: build/release/app/trainyard, else
#          build/ci/app/trainyard, else the bundle /tmp/trainyard-bundle/run.sh of
#          ../shared/gpu/README.md)
# Needs python3 with torch (CUDA build). Expected: chief-0 CUDA_VISIBLE_DEVICES=0, 1 device,
# 256 MiB allocated on it; ps-0 CUDA_VISIBLE_DEVICES= (empty), 0 devices, nothing allocated.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ty=${1:-}
for c in "$here/build/release/app/trainyard" "$here/build/ci/app/trainyard" /tmp/trainyard-bundle/run.sh; do
  [ -z "$ty" ] && [ -x "$c" ] && ty=$c
done
[ -n "$ty" ] || { echo "gpu-check: no trainyard binary found; pass one" >&2; exit 2; }
python3 -c 'import torch' 2>/dev/null || { echo "gpu-check: python3 cannot import torch" >&2; exit 2; }

work=$(mktemp -d /tmp/trainyard-gpu-check.XXXXXX)
export TRAINYARD_HOME=$work/home TRAINYARD_PYTHON=${TRAINYARD_PYTHON:-$(command -v python3)}
mkdir -p "$work/pkg/gpucheck" "$work/out"
: > "$work/pkg/gpucheck/__init__.py"
cat > "$work/pkg/gpucheck/task.py" <<'PY'
"""Reports what this replica sees of the GPUs, allocates 256 MiB on the first one it sees and
holds it for a few seconds (so the owner's sampler sees it), then exits 0."""
import json, os, sys, time
import torch

tf = json.loads(os.environ.get("TF_CONFIG", "{}"))
task = tf.get("task") or {}
name = "%s-%s" % (task.get("type", "master"), task.get("index", 0))
count = torch.cuda.device_count()
print("GPU-CHECK %s CUDA_VISIBLE_DEVICES=%r torch.cuda.device_count()=%d" %
      (name, os.environ.get("CUDA_VISIBLE_DEVICES"), count), flush=True)
if count:
    x = torch.empty(256 * 1024 * 1024, dtype=torch.uint8, device="cuda:0")
    x.fill_(1)
    torch.cuda.synchronize()
    print("GPU-CHECK %s allocated %d MiB on %s" %
          (name, torch.cuda.memory_allocated(0) // (1024 * 1024), torch.cuda.get_device_name(0)),
          flush=True)
time.sleep(float(os.environ.get("GPU_CHECK_HOLD", "8")))
if task.get("type") == "ps":  # the parameter server waits for the chief's end (job stops it)
    time.sleep(3600)
PY
cat > "$work/config.yaml" <<YAML
trainingInput:
  scaleTier: CUSTOM
  region: us-central1
  runtimeVersion: "2.11"
  pythonVersion: "3.7"
  pythonModule: gpucheck.task
  jobDir: $work/out
  masterType: n1-standard-8
  masterConfig:
    acceleratorConfig: {count: 1, type: NVIDIA_TESLA_T4}
  parameterServerType: n1-standard-4
  parameterServerCount: 1
trainyardLocal:
  packagePath: $work/pkg/gpucheck
YAML

echo "== trainyard local gpus"
"$ty" local gpus
job=gpu_check_$(date +%s)
echo "== jobs submit training $job (chief 1 GPU, ps none)"
rc=0
"$ty" jobs submit training "$job" --config "$work/config.yaml" --grace-period 2 2>&1 | tee "$work/run.log" || rc=$?
echo "== what each replica saw"
grep -h "GPU-CHECK" "$work/run.log" | sed 's/^[^:]*: //' | sort -u || true
echo "== jobs describe (replicas)"
"$ty" jobs describe "$job" | sed -n '/trainyardRun:/,$p'
echo "== system/gpu_memory_mib"
if "$ty" jobs metrics --help >/dev/null 2>&1; then
  "$ty" jobs metrics "$job" --metric system/gpu_memory_mib || echo "(jobs metrics failed: $?)"
else
  echo "trainyard jobs metrics is missing in this build (the metrics command of this wave)"
fi
echo "== job exit status $rc; files in $work"
exit $rc
