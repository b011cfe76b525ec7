"""Parameter servers: each holds a contiguous shard of the parameter vector.

Requests (wire.py framing): init {params, step}, pull, push {grads, lr}, done.
"""

import socketserver
import sys
import threading
import time

from . import cluster, wire


def shard_bounds(total, index, count):
    return total * index // count, total * (index + 1) // count


class _State:
    def __init__(self):
        self.lock = threading.Lock()
        self.params = None
        self.step = 0
        self.done = threading.Event()

    def handle(self, request):
        op = request.get("op")
        with self.lock:
            if op == "init":
                if self.params is None:
                    self.params = list(request["params"])
                    self.step = int(request.get("step", 0))
                return {"ok": True, "step": self.step}
            if op == "pull":
                if self.params is None:
                    return {"ready": False, "done": self.done.is_set()}
                return {"ready": True, "params": self.params, "step": self.step,
                        "done": self.done.is_set()}
            if op == "push":
                if self.params is None:
                    return {"ready": False, "done": self.done.is_set()}
                lr = float(request["lr"])
                grads = request["grads"]
                if len(grads) != len(self.params):
                    return {"error": "gradient has %d values, shard has %d"
                            % (len(grads), len(self.params))}
                self.params = [p - lr * g for p, g in zip(self.params, grads)]
                self.step += 1
                return {"ready": True, "step": self.step, "done": self.done.is_set()}
            if op == "done":
                self.done.set()
                return {"ok": True}
        return {"error": "unknown op %r" % op}


class _Handler(socketserver.BaseRequestHandler):
    def handle(self):
        while True:
            try:
                request = wire.receive(self.request)
            except (ConnectionError, OSError, ValueError):
                return
            try:
                wire.send(self.request, self.server.state.handle(request))
            except OSError:
                return


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True


def serve(info, restored=None, linger=2.0):
    """Runs this replica's parameter server until the chief says done."""
    address = info.own_address()
    if address is None:
        raise SystemExit("ps-%d has no address in TF_CONFIG" % info.task_index)
    host, port = cluster.split_address(address)
    state = _State()
    if restored is not None:
        params, step = restored
        lo, hi = shard_bounds(len(params), info.task_index, len(info.ps_addresses))
        state.params = list(params[lo:hi])
        state.step = step
        print("%s: restored shard [%d, %d) at step %d from the checkpoint"
              % (info.name, lo, hi, step), flush=True)
    try:
        server = _Server((host, port), _Handler)
    except OSError as error:
        print("%s: cannot listen on %s: %s" % (info.name, address, error), file=sys.stderr, flush=True)
        return 2
    server.state = state
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    print("%s: serving on %s" % (info.name, address), flush=True)
    state.done.wait()
    time.sleep(linger)  # let workers see "done" before the port closes
    server.shutdown()
    server.server_close()
    print("%s: done at step %d" % (info.name, state.step), flush=True)
    return 0


class Client:
    """The view of all parameter servers as one parameter vector."""

    def __init__(self, addresses, total, patience=60.0):
        self.total = total
        self.conns = [wire.Connection(*cluster.split_address(a), patience=patience)
                      for a in addresses]
        self.bounds = [shard_bounds(total, i, len(addresses)) for i in range(len(addresses))]

    def init(self, params, step):
        for conn, (lo, hi) in zip(self.conns, self.bounds):
            conn.call({"op": "init", "params": params[lo:hi], "step": step})

    def pull(self, wait=True):
        """(params, global step, done); params None when done."""
        while True:
            params = []
            step = 0
            for i, conn in enumerate(self.conns):
                reply = conn.call({"op": "pull"})
                if reply.get("done"):
                    return None, step, True
                if not reply.get("ready"):
                    break
                params.extend(reply["params"])
                if i == 0:
                    step = int(reply["step"])
            else:
                return params, step, False
            if not wait:
                return None, 0, False
            time.sleep(0.1)

    def push(self, grads, lr):
        """(global step, done)."""
        step = 0
        done = False
        for i, (conn, (lo, hi)) in enumerate(zip(self.conns, self.bounds)):
            reply = conn.call({"op": "push", "grads": grads[lo:hi], "lr": lr})
            if "error" in reply:
                raise RuntimeError(reply["error"])
            done = done or bool(reply.get("done"))
            if i == 0:
                step = int(reply.get("step", 0))
        return step, done

    def finish(self):
        for conn in self.conns:
            try:
                conn.patience = 5.0
                conn.call({"op": "done"})
            except ConnectionError:
                pass
            conn.close()
