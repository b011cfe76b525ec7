#!/bin/sh
# A secret through the whole product, with the real binary and the real keychain:
# `trainyard secrets set` (value on stdin) -> a job whose trainyardLocal.env references it ->
# the owner resolves it for the trainer -> the trainer gets the value, its log lines show it
# masked, and no file under the job store (nor the config dir) contains it.
# Needs a secret service on the session bus (scripts/run-tests.sh starts one).
# Usage: run_secret_job.sh TRAINYARD_BINARY FIXTURES_DIR
set -u
bin=$1
fixtures=$2
fail() { echo "FAILED: $*"; exit 1; }

work=$(mktemp -d)
trap '"$bin" secrets delete "$name" >/dev/null 2>&1; rm -rf "$work"' EXIT
export TRAINYARD_HOME="$work/store" TRAINYARD_PYTHON=/usr/bin/python3
name=hf_e2e_$$
value="tok-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"

printf '%s\n' "$value" | "$bin" secrets set "$name" || fail "secrets set exited $?"
"$bin" secrets list | grep -qx "$name" || fail "secrets list does not show $name"

cat > "$work/config.yaml" <<YAML
jobId: secret_e2e
trainingInput:
  scaleTier: BASIC
  region: us-central1
  runtimeVersion: "2.11"
  pythonVersion: "3.7"
  pythonModule: fixtrainer.secretuser
trainyardLocal:
  packagePath: $fixtures/trainers/fixtrainer
  env:
    HF_TOKEN: {secret: $name}
YAML

"$bin" jobs submit training secret_e2e --config "$work/config.yaml" --job-dir "$work/out" \
    > "$work/stream.txt" 2>&1 || { cat "$work/stream.txt"; fail "the job did not succeed"; }

expected=$(printf %s "$value" | sha256sum | cut -d' ' -f1)
[ "$(cat "$work/out/token.sha256" 2>/dev/null)" = "$expected" ] ||
    fail "the trainer did not receive the secret's value"
log=$(ls "$TRAINYARD_HOME"/secret_e2e/logs/*.log)
grep -q "using token \[secret:$name\] for the hub" $log || fail "stdout line not masked in $log"
grep -q "token \[secret:$name\] was refused" $log || fail "stderr line not masked in $log"
if grep -rlF "$value" "$TRAINYARD_HOME" "${XDG_CONFIG_HOME:-$HOME/.config}" 2>/dev/null; then
    fail "the value was written to the files above"
fi
if grep -qF "$value" "$work/stream.txt"; then
    fail "the value was printed by jobs submit training"
fi
grep -q "\[secret:$name\]" "$work/stream.txt" || fail "the streamed log does not show the mask"

# A job that needs a missing secret fails, naming it; the app is otherwise unaffected.
sed "s/{secret: $name}/{secret: ${name}_missing}/; s/secret_e2e/secret_missing/" \
    "$work/config.yaml" > "$work/missing.yaml"
"$bin" jobs submit training secret_missing --config "$work/missing.yaml" \
    --job-dir "$work/out2" > "$work/missing.txt" 2>&1 && fail "a job with a missing secret succeeded"
"$bin" jobs describe secret_missing | grep -q "${name}_missing" ||
    fail "the failed job's error does not name the missing secret"
echo OK
