"""Recovery must never kill an unrelated program that took a recorded process number.

Runs as pid 1 of a private pid namespace (unshare --pid --fork --mount-proc), where nothing
else forks, so /proc/sys/kernel/ns_last_pid decides the next pid exactly:
  1. a job runs (fixtrainer.stubborn); its state records the replica's process group P;
  2. the owner and the replica's group die (SIGKILL: a crash, the OOM killer, a power cut);
  3. an unrelated program is started with pid P as the leader of its own session and group;
  4. `jobs list` recovers the orphaned job; the unrelated program must still run and the job
     must be FAILED ("interrupted").
Exit 0 pass, 1 fail (message on stderr), 77 the kernel refuses to set ns_last_pid.
usage: pidreuse.py HARNESS STORE SPEC"""
import json
import os
import signal
import subprocess
import sys
import time

harness, home, spec = sys.argv[1:4]
env = dict(os.environ, TRAINYARD_HOME=home, TRAINYARD_PYTHON="/usr/bin/python3")


def reap():
    # We are init here: orphans (the detached owner, killed replicas) are ours to reap.
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def fail(message):
    print(message, file=sys.stderr, flush=True)
    sys.exit(1)


def state(job):
    with open(os.path.join(home, job, "state.json")) as f:
        return json.load(f)


def harness_run(*args):
    return subprocess.run([harness, *args], env=env, capture_output=True, text=True, timeout=120)


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


job = "pid_reuse"
r = harness_run("jobs", "submit", "training", job, "--config", spec, "--async")
if r.returncode != 0:
    fail("submit failed: " + r.stderr)
deadline = time.time() + 30
while time.time() < deadline:
    reap()
    s = state(job)
    if s["state"] == "RUNNING" and s["replicas"] and s["replicas"][0]["pgid"]:
        break
    time.sleep(0.1)
else:
    fail("the job did not reach RUNNING: %s" % json.dumps(state(job)))
group = s["replicas"][0]["pgid"]
owner = s["ownerPid"]

# The crash: owner and replica group gone at once.
os.kill(owner, signal.SIGKILL)
try:
    os.killpg(group, signal.SIGKILL)
except ProcessLookupError:
    pass
deadline = time.time() + 10
while time.time() < deadline and (alive(owner) or os.path.exists("/proc/%d" % group)):
    reap()
    time.sleep(0.05)
reap()
if os.path.exists("/proc/%d" % group):
    fail("process %d did not go away" % group)

# An unrelated program takes the number, leading a session and group of its own.
try:
    with open("/proc/sys/kernel/ns_last_pid", "w") as f:
        f.write(str(group - 1))
except OSError as e:
    print("cannot set ns_last_pid: %s" % e, file=sys.stderr)
    sys.exit(77)
unrelated = subprocess.Popen([sys.executable, "-c",
                              "import os, time\nos.setsid()\ntime.sleep(1000)"])
if unrelated.pid != group:
    unrelated.kill()
    fail("the unrelated program got pid %d, not %d" % (unrelated.pid, group))
deadline = time.time() + 5
while time.time() < deadline and os.getpgid(unrelated.pid) != group:
    time.sleep(0.02)

r = harness_run("jobs", "list")
time.sleep(0.5)
ok = unrelated.poll() is None
unrelated.kill()
unrelated.wait()
if not ok:
    fail("recovery killed the unrelated program with pid %d (exit %s)"
         % (group, unrelated.returncode))
final = state(job)
if final["state"] != "FAILED" or "interrupted" not in final.get("errorMessage", ""):
    fail("the orphaned job was not recovered: %s\n%s" % (json.dumps(final), r.stderr))
print("ok: pid %d reused by an unrelated program survived recovery" % group)
