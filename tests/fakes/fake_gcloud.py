#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An offline Google Cloud for tests: OAuth token endpoint, Vertex AI v1 (customJobs,
hyperparameterTuningJobs), Cloud Logging v2 entries.list and the Cloud Storage JSON API, on one
loopback port, enforcing the trimmed discovery documents in ./discovery. Standard library only.
See README.md next to this file for the URL layout and the control API (/_fake/...)."""

import argparse
import base64
import hashlib
import http.server
import json
import os
import re
import secrets
import signal
import socket
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fakelib  # noqa: E402
from fakelib import rfc3339  # noqa: E402

GOOGLE_TOKEN_URI = "https://oauth2.googleapis.com/token"
CLOUD_PLATFORM = "https://www.googleapis.com/auth/cloud-platform"
JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"

HTTP_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED",
               404: "NOT_FOUND", 409: "ALREADY_EXISTS", 412: "FAILED_PRECONDITION",
               429: "RESOURCE_EXHAUSTED", 499: "CANCELLED", 500: "INTERNAL", 501: "UNIMPLEMENTED",
               503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED"}
DEFAULT_MESSAGES = {
    401: "Request had invalid authentication credentials. Expected OAuth 2 access token, login "
         "cookie or other valid authentication credential. See https://developers.google.com/"
         "identity/sign-in/web/devconsole-project.",
    404: "Requested entity was not found.",
    409: "The resource already exists.",
    429: "Quota exceeded for quota metric 'Resource management (CRUD) requests' and limit "
         "'Resource management (CRUD) requests per minute per region' of service "
         "'aiplatform.googleapis.com'.",
    500: "Internal error encountered.",
    503: "The service is currently unavailable.",
}
TERMINAL = ("JOB_STATE_SUCCEEDED", "JOB_STATE_FAILED", "JOB_STATE_CANCELLED")
SEVERITY_RANK = {"DEFAULT": 0, "DEBUG": 100, "INFO": 200, "NOTICE": 300, "WARNING": 400,
                 "ERROR": 500, "CRITICAL": 600, "ALERT": 700, "EMERGENCY": 800}
DEFAULT_LOG_LINES = ["step={step} loss={loss:.4f} accuracy={accuracy:.4f}"]

AIP = fakelib.load_discovery("aiplatform-v1.trimmed.json")
LOG = fakelib.load_discovery("logging-v2.trimmed.json")
GCS = fakelib.load_discovery("storage-v1.trimmed.json")
AIP_CHECK = fakelib.SchemaChecker(AIP)
LOG_CHECK = fakelib.SchemaChecker(LOG)
GCS_CHECK = fakelib.SchemaChecker(GCS)


# A proxy's error page, answered with 200 by the "html" fault.
HTML_PAGE = ("<!DOCTYPE html>\n<html><head><title>Access denied</title></head>\n"
             "<body><h1>Access denied</h1><p>The proxy refused the request.</p></body></html>\n")


class ApiError(Exception):
    def __init__(self, code, message=None, details=None, headers=None, status=None,
                 storage=False, reason=None):
        super().__init__(message)
        self.code = code
        self.message = message or DEFAULT_MESSAGES.get(code, "Error")
        self.details = details or []
        self.headers = headers or {}
        self.status = status or HTTP_STATUS.get(code, "UNKNOWN")
        self.storage = storage
        self.reason = reason

    def body(self):
        if self.storage:
            reason = self.reason or {400: "invalid", 401: "required", 403: "forbidden",
                                     404: "notFound", 409: "conflict", 412: "conditionNotMet",
                                     429: "rateLimitExceeded", 503: "backendError"}.get(
                                         self.code, "backendError")
            return {"error": {"code": self.code, "message": self.message,
                              "errors": [{"message": self.message, "domain": "global",
                                          "reason": reason}]}}
        err = {"code": self.code, "message": self.message, "status": self.status}
        if self.details:
            err["details"] = self.details
        return {"error": err}


class OAuthError(Exception):
    def __init__(self, code, error, description):
        super().__init__(description)
        self.code = code
        self.error = error
        self.description = description


class Dropped(Exception):
    """The connection was closed on purpose (fault injection)."""


def violations_error(violations, vertex_style=False):
    # Google's JSON parser stops at bad JSON (unknown names, wrong types, bad enum values): then
    # only those are reported; the checks of required fields and values come after parsing.
    parse_errors = [v for v in violations if v.kind in ("unknown", "type", "enum")]
    if parse_errors:
        violations = parse_errors
    fields = [{"field": v.field, "description": v.description} for v in violations]
    if parse_errors:
        message = "\n".join(v.description for v in parse_errors)
    elif vertex_style:
        message = "List of found errors:\t" + "\t".join(
            "%d.Field: %s; Message: %s" % (i + 1, v.field, v.description)
            for i, v in enumerate(violations)) + "\t"
    else:
        message = "; ".join("%s: %s" % (v.field, v.description) for v in violations)
    return ApiError(400, message, [{"@type": "type.googleapis.com/google.rpc.BadRequest",
                                    "fieldViolations": fields}])


# ---------------------------------------------------------------------------------------------


class Clock:
    def __init__(self):
        self.offset = 0.0

    def now(self):
        return time.time() + self.offset


class Job:
    def __init__(self, world, collection, project, location, body):
        self.collection = collection  # "customJobs" | "hyperparameterTuningJobs"
        self.project = project
        self.location = location
        world.next_id += 1
        self.id = str(world.next_id)
        self.name = "projects/%s/locations/%s/%s/%s" % (project, location, collection, self.id)
        self.body = body
        cfg = world.config
        t0 = world.clock.now()
        self.created = t0
        self.running_planned = float(cfg["running_seconds"])
        self.lines_per_replica = int(cfg["log_lines_per_replica"])
        self.log_templates = list(cfg["log_lines"])
        self.fail_message = None
        q, p = float(cfg["queued_seconds"]), float(cfg["pending_seconds"])
        outcome = "JOB_STATE_SUCCEEDED"
        if world.job_failures:
            fault = world.job_failures[0]
            fault["count"] -= 1
            if fault["count"] <= 0:
                world.job_failures.pop(0)
            outcome = "JOB_STATE_FAILED"
            self.fail_message = fault.get("message")
        self.transitions = [(t0, "JOB_STATE_QUEUED"), (t0 + q, "JOB_STATE_PENDING"),
                            (t0 + q + p, "JOB_STATE_RUNNING"),
                            (t0 + q + p + self.running_planned, outcome)]
        self.cancelling_seconds = float(cfg["cancelling_seconds"])

    # -- state machine
    def current(self, now):
        passed = [tr for tr in self.transitions if tr[0] <= now]
        return passed[-1] if passed else self.transitions[0]

    def state(self, now):
        return self.current(now)[1]

    def _cut(self, now):
        self.transitions = [tr for tr in self.transitions if tr[0] <= now]

    def cancel(self, now):
        self._cut(now)
        self.transitions.append((now, "JOB_STATE_CANCELLING"))
        self.transitions.append((now + self.cancelling_seconds, "JOB_STATE_CANCELLED"))

    def finish(self, now, state, message=None):
        self._cut(now)
        if state == "JOB_STATE_FAILED" and message:
            self.fail_message = message
        self.transitions.append((now, state))

    def time_of(self, state, now):
        for t, s in self.transitions:
            if s == state and t <= now:
                return t
        return None

    def running_window(self, now):
        """(start, end) of RUNNING as far as it has happened, or None."""
        start = self.time_of("JOB_STATE_RUNNING", now)
        if start is None:
            return None
        end = None
        for t, s in self.transitions:
            if t > start and s != "JOB_STATE_RUNNING":
                end = t
                break
        return start, min(end if end is not None else now, now)

    def failure_text(self):
        return self.fail_message or (
            "The replica workerpool0-0 exited with a non-zero status of 1. To find out more about "
            "why your job exited please check the logs: https://console.cloud.google.com/logs/"
            "viewer?project=%s&resource=ml_job%%2Fjob_id%%2F%s" % (self.project, self.id))

    # -- resource JSON
    def spec(self):
        return self.body.get("jobSpec") if self.collection == "customJobs" else \
            self.body.get("trialJobSpec")

    def replicas(self):
        names = []
        for i, pool in enumerate((self.spec() or {}).get("workerPoolSpecs", [])):
            if not pool:
                continue
            for r in range(int(pool.get("replicaCount", "1") or "1")):
                names.append("workerpool%d-%d" % (i, r))
        return names

    def trial_ids(self):
        if self.collection != "hyperparameterTuningJobs":
            return [None]
        return [str(i + 1) for i in range(int(self.body.get("maxTrialCount", 1)))]

    def to_json(self, now, with_trials=True):
        out = dict(self.body)
        t_state, state = self.current(now)
        out["name"] = self.name
        out["state"] = state
        out["createTime"] = rfc3339(self.created)
        out["updateTime"] = rfc3339(t_state)
        start = self.time_of("JOB_STATE_RUNNING", now)
        if start is not None:
            out["startTime"] = rfc3339(start)
        if state in TERMINAL:
            out["endTime"] = rfc3339(t_state)
        if state == "JOB_STATE_FAILED":
            out["error"] = {"code": 3, "message": self.failure_text()}
        elif state == "JOB_STATE_CANCELLED":
            out["error"] = {"code": 1, "message": "CANCELED"}
        if self.collection == "hyperparameterTuningJobs" and with_trials and start is not None:
            out["trials"] = self.trials(now, state, start)
        return out

    def trials(self, now, state, start):
        study = self.body.get("studySpec", {})
        metrics = study.get("metrics", [])
        ids = self.trial_ids()
        trials = []
        for k, tid in enumerate(ids):
            frac = (k + 0.5) / len(ids)
            params = []
            for p in study.get("parameters", []):
                value = None
                if "doubleValueSpec" in p:
                    s = p["doubleValueSpec"]
                    value = s["minValue"] + (s["maxValue"] - s["minValue"]) * frac
                elif "integerValueSpec" in p:
                    s = p["integerValueSpec"]
                    lo, hi = int(s["minValue"]), int(s["maxValue"])
                    value = lo + int((hi - lo) * frac)
                elif "categoricalValueSpec" in p:
                    values = p["categoricalValueSpec"]["values"]
                    value = values[k % len(values)]
                elif "discreteValueSpec" in p:
                    values = p["discreteValueSpec"]["values"]
                    value = values[k % len(values)]
                params.append({"parameterId": p.get("parameterId"), "value": value})
            trial = {"id": tid, "name": "%s/trials/%s" % (self.name, tid),
                     "parameters": params, "startTime": rfc3339(start)}
            if state in TERMINAL:
                trial["state"] = "SUCCEEDED" if state == "JOB_STATE_SUCCEEDED" else "INFEASIBLE" \
                    if state == "JOB_STATE_FAILED" else "STOPPING"
                trial["endTime"] = rfc3339(self.current(now)[0])
                if state == "JOB_STATE_SUCCEEDED" and metrics:
                    trial["finalMeasurement"] = {
                        "stepCount": str(max(1, self.lines_per_replica - 1)),
                        "metrics": [{"metricId": metrics[0]["metricId"],
                                     "value": round(0.5 + 0.4 * frac, 6)}]}
            else:
                trial["state"] = "ACTIVE"
            trials.append(trial)
        return trials

    # -- logs
    def log_entries(self, now):
        window = self.running_window(now)
        if window is None:
            return []
        start, end = window
        entries = []
        display = self.body.get("displayName", "")
        n = max(1, self.lines_per_replica)
        for tid in self.trial_ids():
            for task in self.replicas():
                pool = int(task[len("workerpool"):].split("-")[0])
                for k in range(n):
                    ts = start + (k + 0.5) / n * self.running_planned
                    if ts > end or ts > now:
                        break
                    if k == 0:
                        text = "Running task %s of job %s" % (task, display)
                    else:
                        template = self.log_templates[(k - 1) % len(self.log_templates)]
                        text = template.format(task=task, step=k, loss=1.0 / (k + 1),
                                               accuracy=1.0 - 0.5 / (k + 1), trial=tid or "",
                                               job=display)
                    entries.append(self._entry(task, pool, k, ts, "INFO", text, tid))
        state = self.state(now)
        if state == "JOB_STATE_FAILED":
            t_end = self.current(now)[0]
            entries.append(self._entry("workerpool0-0", 0, 9999, t_end, "ERROR",
                                       self.failure_text(), self.trial_ids()[0]))
        return entries

    def _entry(self, task, pool, k, ts, severity, text, trial):
        entry = {
            "logName": "projects/%s/logs/%s" % (self.project, task),
            "insertId": "%s%02d%03d%04d%s" % (format(int(self.id), "x")[-8:], pool,
                                              int(task.split("-")[1]), k, trial or ""),
            "resource": {"type": "ml_job", "labels": {"job_id": self.id,
                                                      "project_id": self.project,
                                                      "task_name": task}},
            "severity": severity,
            "timestamp": rfc3339(ts),
            "receiveTimestamp": rfc3339(ts + 0.05),
            "textPayload": text,
        }
        if trial:
            entry["labels"] = {"ml.googleapis.com/trial_id": trial}
        return entry


class World:
    """All state of the fake, guarded by one lock."""

    def __init__(self, args):
        self.lock = threading.RLock()
        self.clock = Clock()
        self.config = {"token_lifetime": args.token_lifetime,
                       "queued_seconds": args.queued_seconds,
                       "pending_seconds": args.pending_seconds,
                       "running_seconds": args.running_seconds,
                       "cancelling_seconds": args.cancelling_seconds,
                       "log_lines_per_replica": args.log_lines_per_replica,
                       "log_lines": list(DEFAULT_LOG_LINES)}
        self.users = {}        # client_id -> {"client_secret", "refresh_tokens": set}
        self.accounts = {}     # client_email -> {"n", "e", "kid"}
        self.revoked = set()   # refresh tokens and client emails
        self.tokens = {}       # access token -> {"expiry", "scopes", "subject"}
        self.buckets = set(args.bucket or [])
        self.projects = set(args.project or [])
        self.reset()
        self.root_url = ""

    def reset(self):
        self.jobs = {}
        self.operations = {}
        self.objects = {}      # (bucket, name) -> dict(meta, data)
        self.uploads = {}      # upload_id -> dict
        self.faults = []
        self.job_failures = []
        self.requests = []
        self.next_id = 1000000000000000000 + secrets.randbelow(10**17)
        self.generation = int(time.time() * 1_000_000)

    # -- credentials
    def add_credentials(self, info):
        kind = info.get("type")
        if kind == "authorized_user":
            for field in ("client_id", "client_secret", "refresh_token"):
                if not isinstance(info.get(field), str) or not info[field]:
                    raise ValueError("authorized_user credentials need %s" % field)
            user = self.users.setdefault(info["client_id"], {"client_secret": info["client_secret"],
                                                            "refresh_tokens": set()})
            user["client_secret"] = info["client_secret"]
            user["refresh_tokens"].add(info["refresh_token"])
            self.revoked.discard(info["refresh_token"])
            return "authorized_user " + info["client_id"]
        if kind == "service_account":
            email = info.get("client_email")
            pem = info.get("public_key") or info.get("private_key")
            if not isinstance(email, str) or not email or not isinstance(pem, str):
                raise ValueError("service_account credentials need client_email and private_key "
                                 "or public_key")
            n, e, _ = fakelib.rsa_numbers_from_pem(pem)
            self.accounts[email] = {"n": n, "e": e, "kid": info.get("private_key_id")}
            self.revoked.discard(email)
            return "service_account " + email
        raise ValueError("unsupported credentials type %r" % (kind,))

    def issue_token(self, subject, scopes):
        token = "ya29.fake-" + secrets.token_urlsafe(32)
        lifetime = float(self.config["token_lifetime"])
        self.tokens[token] = {"expiry": self.clock.now() + lifetime, "scopes": scopes,
                              "subject": subject}
        return token, lifetime


# ---------------------------------------------------------------------------------------------


PERMISSIONS = [
    ("POST", r"/v1/.*/customJobs/[^/]+:cancel$", "aiplatform.customJobs.cancel"),
    ("POST", r"/v1/.*/customJobs$", "aiplatform.customJobs.create"),
    ("GET", r"/v1/.*/customJobs$", "aiplatform.customJobs.list"),
    ("GET", r"/v1/.*/customJobs/[^/]+$", "aiplatform.customJobs.get"),
    ("DELETE", r"/v1/.*/customJobs/[^/]+$", "aiplatform.customJobs.delete"),
    ("POST", r"/v1/.*/hyperparameterTuningJobs/[^/]+:cancel$",
     "aiplatform.hyperparameterTuningJobs.cancel"),
    ("POST", r"/v1/.*/hyperparameterTuningJobs$", "aiplatform.hyperparameterTuningJobs.create"),
    ("GET", r"/v1/.*/hyperparameterTuningJobs$", "aiplatform.hyperparameterTuningJobs.list"),
    ("GET", r"/v1/.*/hyperparameterTuningJobs/[^/]+$", "aiplatform.hyperparameterTuningJobs.get"),
    ("DELETE", r"/v1/.*/hyperparameterTuningJobs/[^/]+$",
     "aiplatform.hyperparameterTuningJobs.delete"),
    ("GET", r"/v1/.*/operations/", "aiplatform.operations.get"),
    ("POST", r"^/v2/entries:list$", "logging.logEntries.list"),
    ("POST", r"/upload/storage/v1/b/", "storage.objects.create"),
    ("PUT", r"/upload/storage/v1/b/", "storage.objects.create"),
    ("GET", r"^/storage/v1/b/[^/]+/o$", "storage.objects.list"),
    ("GET", r"/storage/v1/b/[^/]+/o/", "storage.objects.get"),
]


def permission_for(method, path):
    for m, pattern, perm in PERMISSIONS:
        if m == method and re.search(pattern, path):
            return perm
    return "resourcemanager.projects.get"


def resource_for(path):
    m = re.match(r"^/v1/(projects/[^/]+/locations/[^/]+)(/[^:]*)?", path)
    if m:
        if m.group(2) and re.match(r"^/(customJobs|hyperparameterTuningJobs)/[^/]+", m.group(2)):
            return "//aiplatform.googleapis.com/" + m.group(1) + m.group(2)
        return "//aiplatform.googleapis.com/" + m.group(1)
    m = re.search(r"/b/([^/]+)/o", path)
    if m:
        return "projects/_/buckets/" + m.group(1)
    return None


def fault_error(fault, method, path):
    code = int(fault.get("status", 503))
    storage = "/storage/v1/" in path
    headers = {}
    if fault.get("retry_after") is not None:
        headers["Retry-After"] = str(fault["retry_after"])
    details = []
    message = fault.get("message")
    if code == 403:
        perm = fault.get("permission") or permission_for(method, path)
        resource = resource_for(path)
        if message is None:
            if storage:
                message = ("caller does not have %s access to the Google Cloud Storage object. "
                           "Permission '%s' denied on resource (or it may not exist)." % (perm, perm))
            elif resource and resource.startswith("//aiplatform"):
                message = "Permission '%s' denied on resource '%s' (or it may not exist)." % (
                    perm, resource)
            else:
                message = "Permission '%s' denied on resource (or it may not exist)." % perm
        domain = "aiplatform.googleapis.com" if path.startswith("/v1/") else \
            "logging.googleapis.com" if path.startswith("/v2/") else "storage.googleapis.com"
        meta = {"permission": perm}
        if resource:
            meta["resource"] = resource
        details = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "IAM_PERMISSION_DENIED", "domain": domain, "metadata": meta}]
    elif code == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="https://accounts.google.com/", ' \
                                      'error="invalid_token"'
        details = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "ACCESS_TOKEN_EXPIRED", "domain": "googleapis.com"}]
    elif code == 429:
        details = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                    "reason": "RATE_LIMIT_EXCEEDED", "domain": "googleapis.com"}]
    return ApiError(code, message, details, headers, storage=storage)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake-gcloud/1"
    world = None  # set by main()

    quiet = False

    def log_message(self, fmt, *args):  # stderr; tokens never travel in URLs here
        if not self.quiet:
            sys.stderr.write("fake_gcloud: %s\n" % (fmt % args))

    # -- plumbing
    def do_GET(self):
        self._dispatch()

    def do_POST(self):
        self._dispatch()

    def do_PUT(self):
        self._dispatch()

    def do_DELETE(self):
        self._dispatch()

    def _dispatch(self):
        world = self.world
        split = urllib.parse.urlsplit(self.path)
        self.req_path = split.path
        self.query = urllib.parse.parse_qs(split.query, keep_blank_values=True)
        self.body_read = False
        self.body = b""
        status = 500
        try:
            if self.req_path.startswith("/_fake/"):
                status = self._control()
                return
            with world.lock:
                fault = self._take_fault()
            self.patch = None
            if fault is not None:
                kind = fault.get("kind", "http")
                if kind == "drop":
                    self._drop(int(fault.get("after_bytes", 0)))
                    status = 0
                    return
                if kind == "html":
                    # What a proxy or captive portal in between answers: not the API at all.
                    self._read_body()
                    status = int(fault.get("status", 200))
                    self._send(status, fault.get("body", HTML_PAGE).encode("utf-8"),
                               "text/html; charset=UTF-8")
                    return
                if kind == "patch":
                    # The request is served (and checked) as usual; its JSON answer is changed.
                    self.patch = fault["json"]
                else:
                    raise fault_error(fault, self.command, self.req_path)
            if self.req_path == "/token":
                status = self._token()
                return
            if self.req_path.startswith("/v1/"):
                status = self._vertex()
            elif self.req_path.startswith("/v2/"):
                status = self._logging()
            elif "/storage/v1/" in self.req_path:
                status = self._storage()
            else:
                raise ApiError(404, "The requested URL %s was not found on this server." %
                               self.req_path)
        except ApiError as err:
            status = err.code
            self._read_body()
            self._json(err.code, err.body(), err.headers)
        except OAuthError as err:
            status = err.code
            self._json(err.code, {"error": err.error, "error_description": err.description})
        except Dropped:
            status = 0
        except (ConnectionError, socket.timeout):
            status = 0
            self.close_connection = True
        finally:
            if not self.req_path.startswith("/_fake/"):
                q = {k: v for k, v in self.query.items()
                     if k not in ("access_token", "oauth_token", "upload_id")}
                with world.lock:
                    world.requests.append({
                        "method": self.command, "path": self.req_path,
                        "query": {k: v[0] if len(v) == 1 else v for k, v in q.items()},
                        "status": status,
                        "auth": "bearer" if self.headers.get("Authorization", "").startswith(
                            "Bearer ") else "none"})

    def _take_fault(self):
        for fault in self.world.faults:
            if fault.get("kind") == "job_fails":
                continue
            if fault.get("method") and fault["method"].upper() != self.command:
                continue
            if not re.search(fault.get("path", ""), self.req_path):
                continue
            fault["count"] -= 1
            if fault["count"] <= 0:
                self.world.faults.remove(fault)
            return fault
        return None

    def _read_body(self, limit=None):
        if self.body_read:
            return self.body
        self.body_read = True
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            self.body = b"".join(chunks)
            return self.body
        length = int(self.headers.get("Content-Length") or 0)
        if limit is not None:
            length = min(length, limit)
        data = bytearray()
        while len(data) < length:
            part = self.rfile.read(min(65536, length - len(data)))
            if not part:
                break
            data += part
        self.body = bytes(data)
        return self.body

    def _drop(self, after_bytes):
        data = self._read_body(limit=after_bytes) if after_bytes > 0 else b""
        # A resumable chunk keeps what arrived before the connection broke.
        upload_id = (self.query.get("upload_id") or [None])[0]
        if self.command == "PUT" and upload_id:
            with self.world.lock:
                session = self.world.uploads.get(upload_id)
                if session is not None:
                    rng = self._content_range()
                    if rng and rng[0] is not None and rng[0] <= len(session["data"]):
                        session["data"] = session["data"][:rng[0]] + data
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        raise Dropped()

    def _json(self, code, obj, headers=None):
        patch = getattr(self, "patch", None)
        if patch is not None and 200 <= code < 300 and isinstance(obj, dict):
            obj = dict(obj)
            obj.update(patch)
            self.patch = None
        data = json.dumps(obj, indent=2, ensure_ascii=False).encode("utf-8")
        self._send(code, data, "application/json; charset=UTF-8", headers)

    def _send(self, code, data, ctype, headers=None):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _json_body(self, required=True):
        data = self._read_body()
        if not data.strip():
            if required:
                return {}
            return None
        try:
            value = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise ApiError(400, "Invalid JSON payload received. %s" % err)
        return value

    # -- control
    def _control(self):
        world = self.world
        path = self.req_path[len("/_fake/"):]
        body = {}
        if self.command in ("POST", "PUT"):
            try:
                raw = self._read_body()
                body = json.loads(raw.decode("utf-8")) if raw.strip() else {}
                if not isinstance(body, dict):
                    raise ValueError("the body must be a JSON object")
            except ValueError as err:
                self._send(400, ("bad control body: %s\n" % err).encode(), "text/plain")
                return 400
        try:
            with world.lock:
                result = self._control_locked(path, body)
        except (ValueError, KeyError, TypeError) as err:
            self._send(400, ("bad control request: %s\n" % err).encode(), "text/plain")
            return 400
        if result is None:
            self._send(404, b"unknown control path\n", "text/plain")
            return 404
        self._json(200, result)
        if path == "shutdown":
            threading.Thread(target=self.server.shutdown, daemon=True).start()
        return 200

    def _control_locked(self, path, body):
        world = self.world
        now = world.clock.now()
        cmd = self.command
        if path == "state" and cmd == "GET":
            return {"jobs": [j.to_json(now) for j in world.jobs.values()],
                    "objects": [{"bucket": b, "name": n, "size": str(len(o["data"])),
                                 "md5Hash": o["meta"]["md5Hash"],
                                 "generation": o["meta"]["generation"]}
                                for (b, n), o in sorted(world.objects.items())],
                    "uploads": [{"upload_id": k, "received": len(v["data"]), "total": v["total"]}
                                for k, v in world.uploads.items()],
                    "tokens_issued": len(world.tokens), "clock_offset": world.clock.offset,
                    "config": world.config}
        if path == "requests" and cmd == "GET":
            return world.requests
        if path == "faults" and cmd == "DELETE":
            world.faults = []
            world.job_failures = []
            return {}
        if path == "faults" and cmd == "POST":
            fault = dict(body)
            fault["count"] = int(fault.get("count", 1))
            if fault["count"] < 1:
                raise ValueError("count must be at least 1")
            kind = fault.get("kind", "http")
            if kind == "job_fails":
                world.job_failures.append(fault)
            elif kind in ("http", "drop", "html", "patch"):
                re.compile(fault.get("path", ""))
                if kind in ("http", "html"):
                    int(fault.get("status", 503))
                if kind == "html" and not isinstance(fault.get("body", ""), str):
                    raise ValueError("body must be a string")
                if kind == "patch" and not isinstance(fault.get("json"), dict):
                    raise ValueError("a patch fault needs a JSON object in \"json\"")
                world.faults.append(fault)
            else:
                raise ValueError("unknown fault kind %r" % kind)
            fault["id"] = len(world.faults) + len(world.job_failures)
            return {"id": fault["id"]}
        if path == "revoke" and cmd == "POST":
            targets = [v for k, v in body.items() if k in ("refresh_token", "client_email")]
            if not targets:
                targets = [rt for u in world.users.values() for rt in u["refresh_tokens"]] + \
                    list(world.accounts)
            world.revoked.update(targets)
            for token, info in world.tokens.items():
                if info["subject"] in targets:
                    info["expiry"] = 0
            return {"revoked": len(targets)}
        if path == "expire_tokens" and cmd == "POST":
            for info in world.tokens.values():
                info["expiry"] = min(info["expiry"], now - 1)
            return {"expired": len(world.tokens)}
        if path == "credentials" and cmd == "POST":
            return {"registered": world.add_credentials(body)}
        if path == "jobs" and cmd == "POST":
            job = world.jobs.get(body.get("name"))
            if job is None:
                raise ValueError("no job named %r" % body.get("name"))
            action = body.get("action")
            if job.state(now) in TERMINAL:
                raise ValueError("the job is already %s" % job.state(now))
            if action == "cancel":
                job.cancel(now)
            elif action == "fail":
                job.finish(now, "JOB_STATE_FAILED", body.get("message"))
            elif action == "succeed":
                job.finish(now, "JOB_STATE_SUCCEEDED")
            else:
                raise ValueError("action must be cancel, fail or succeed")
            return job.to_json(now)
        if path == "advance" and cmd == "POST":
            seconds = float(body.get("seconds", 0))
            if seconds < 0:
                raise ValueError("seconds must not be negative")
            world.clock.offset += seconds
            return {"clock_offset": world.clock.offset}
        if path == "config" and cmd == "POST":
            for key, value in body.items():
                if key not in world.config:
                    raise ValueError("unknown setting %r" % key)
                if key == "log_lines":
                    if not isinstance(value, list) or not value or \
                            not all(isinstance(x, str) for x in value):
                        raise ValueError("log_lines must be a non-empty list of strings")
                    world.config[key] = value
                else:
                    world.config[key] = float(value)
            return world.config
        if path == "reset" and cmd == "POST":
            world.reset()
            return {}
        if path == "shutdown" and cmd == "POST":
            return {}
        return None

    # -- OAuth token endpoint
    def _token(self):
        world = self.world
        if self.command != "POST":
            raise OAuthError(405, "invalid_request", "Only POST is supported.")
        ctype = self.headers.get("Content-Type", "")
        if not ctype.lower().startswith("application/x-www-form-urlencoded"):
            raise OAuthError(400, "invalid_request",
                             "Content-Type must be application/x-www-form-urlencoded")
        form = urllib.parse.parse_qs(self._read_body().decode("utf-8", "replace"))
        form = {k: v[0] for k, v in form.items()}
        grant = form.get("grant_type")
        if not grant:
            raise OAuthError(400, "invalid_request", "Missing required parameter: grant_type")
        with world.lock:
            if grant == "refresh_token":
                for field in ("client_id", "client_secret", "refresh_token"):
                    if not form.get(field):
                        raise OAuthError(400, "invalid_request",
                                         "Missing required parameter: %s" % field)
                user = world.users.get(form["client_id"])
                if user is None:
                    raise OAuthError(401, "invalid_client", "The OAuth client was not found.")
                if user["client_secret"] != form["client_secret"]:
                    raise OAuthError(401, "invalid_client", "Unauthorized")
                rt = form["refresh_token"]
                if rt not in user["refresh_tokens"] or rt in world.revoked:
                    raise OAuthError(400, "invalid_grant", "Token has been expired or revoked.")
                scopes = form.get("scope", CLOUD_PLATFORM).split()
                token, lifetime = world.issue_token(rt, scopes)
                return self._token_reply(token, lifetime, scopes)
            if grant == JWT_BEARER:
                claims = self._verify_jwt(form.get("assertion", ""))
                scopes = claims["scope"].split()
                token, lifetime = world.issue_token(claims["iss"], scopes)
                return self._token_reply(token, lifetime, None)
        raise OAuthError(400, "unsupported_grant_type", "Invalid grant_type: %s" % grant)

    def _token_reply(self, token, lifetime, scopes):
        reply = {"access_token": token, "expires_in": int(lifetime), "token_type": "Bearer"}
        if scopes:
            reply["scope"] = " ".join(scopes)
        self._json(200, reply, {"Cache-Control": "no-cache, no-store, max-age=0, must-revalidate",
                                "Pragma": "no-cache"})
        return 200

    def _verify_jwt(self, assertion):
        world = self.world
        parts = assertion.split(".")
        if len(parts) != 3:
            raise OAuthError(400, "invalid_grant", "Invalid JWT: the assertion is not a JWS.")
        try:
            header = json.loads(fakelib.b64url_decode(parts[0]))
            claims = json.loads(fakelib.b64url_decode(parts[1]))
            signature = fakelib.b64url_decode(parts[2])
        except (ValueError, UnicodeDecodeError):
            raise OAuthError(400, "invalid_grant", "Invalid JWT: the assertion is not base64url "
                             "JSON.")
        if not isinstance(header, dict) or not isinstance(claims, dict):
            raise OAuthError(400, "invalid_grant", "Invalid JWT: header and claims must be "
                             "objects.")
        if header.get("alg") != "RS256":
            raise OAuthError(400, "invalid_grant", "Invalid JWT: alg must be RS256.")
        account = world.accounts.get(claims.get("iss"))
        if account is None or claims.get("iss") in world.revoked:
            raise OAuthError(400, "invalid_grant", "Invalid grant: account not found")
        if account["kid"] and header.get("kid") not in (None, account["kid"]):
            raise OAuthError(400, "invalid_grant", "Invalid JWT Signature.")
        signed = (parts[0] + "." + parts[1]).encode("ascii")
        if not fakelib.rs256_verify(account["n"], account["e"], signed, signature):
            raise OAuthError(400, "invalid_grant", "Invalid JWT Signature.")
        aud = claims.get("aud")
        if aud not in (world.root_url + "token", GOOGLE_TOKEN_URI):
            raise OAuthError(400, "invalid_grant", "Invalid JWT: Failed audience check. The right "
                             "audience is %s" % GOOGLE_TOKEN_URI)
        now = world.clock.now()
        iat, exp = claims.get("iat"), claims.get("exp")
        if not isinstance(iat, (int, float)) or not isinstance(exp, (int, float)) or \
                exp - iat > 3600 or exp < now or iat > now + 300 or exp <= iat:
            raise OAuthError(400, "invalid_grant", "Invalid JWT: Token must be a short-lived token "
                             "(60 minutes) and in a reasonable timeframe. Check your iat and exp "
                             "values in the JWT claim.")
        if not isinstance(claims.get("scope"), str) or not claims["scope"].strip():
            raise OAuthError(400, "invalid_scope", "Invalid OAuth scope or ID token audience "
                             "provided.")
        return claims

    # -- API auth
    def _auth(self, accepted_scopes, service, method_name):
        world = self.world
        header = self.headers.get("Authorization", "")
        token = header[7:].strip() if header.startswith("Bearer ") else None
        www = 'Bearer realm="https://accounts.google.com/"'
        if not token:
            raise ApiError(401, "Request is missing required authentication credential. Expected "
                           "OAuth 2 access token, login cookie or other valid authentication "
                           "credential. See https://developers.google.com/identity/sign-in/web/"
                           "devconsole-project.",
                           [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                             "reason": "CREDENTIALS_MISSING", "domain": "googleapis.com",
                             "metadata": {"service": service, "method": method_name}}],
                           {"WWW-Authenticate": www},
                           storage=service == "storage.googleapis.com", reason="required")
        with world.lock:
            info = world.tokens.get(token)
            valid = info is not None and info["expiry"] > world.clock.now()
            scopes = info["scopes"] if info else []
        if not valid:
            raise ApiError(401, DEFAULT_MESSAGES[401],
                           [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                             "reason": "ACCESS_TOKEN_EXPIRED" if info else "ACCESS_TOKEN_TYPE_"
                             "UNSUPPORTED", "domain": "googleapis.com",
                             "metadata": {"service": service, "method": method_name}}],
                           {"WWW-Authenticate": www + ', error="invalid_token"'},
                           storage=service == "storage.googleapis.com", reason="authError")
        if not any(s in scopes for s in accepted_scopes):
            raise ApiError(403, "Request had insufficient authentication scopes.",
                           [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                             "reason": "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
                             "domain": "googleapis.com",
                             "metadata": {"service": service, "method": method_name}}],
                           {"WWW-Authenticate": www + ', error="insufficient_scope"'},
                           storage=service == "storage.googleapis.com",
                           reason="insufficientPermissions")

    def _check_query(self, doc, method, storage=False):
        violations = fakelib.check_query(method, self.query, doc.get("parameters", {}))
        if violations:
            err = violations_error(violations)
            err.storage = storage
            raise err

    def _check_project(self, project, storage=False):
        if self.world.projects and project not in self.world.projects:
            raise ApiError(403, "Permission denied on resource project %s." % project,
                           [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                             "reason": "CONSUMER_INVALID", "domain": "googleapis.com",
                             "metadata": {"consumer": "projects/" + project}}], storage=storage)

    # -- Vertex AI
    def _vertex(self):
        world = self.world
        path = self.req_path
        m_coll = re.match(r"^/v1/projects/([^/]+)/locations/([^/]+)/"
                          r"(customJobs|hyperparameterTuningJobs)$", path)
        m_item = re.match(r"^/v1/projects/([^/]+)/locations/([^/]+)/"
                          r"(customJobs|hyperparameterTuningJobs)/([^/:]+)(:cancel)?$", path)
        m_op = re.match(r"^/v1/projects/([^/]+)/locations/([^/]+)/operations/([^/:]+)$", path)
        cmd = self.command
        if m_coll and cmd in ("GET", "POST"):
            project, location, coll = m_coll.groups()
            verb = "create" if cmd == "POST" else "list"
        elif m_item and (cmd, bool(m_item.group(5))) in (("GET", False), ("DELETE", False),
                                                         ("POST", True)):
            project, location, coll = m_item.group(1), m_item.group(2), m_item.group(3)
            verb = {"GET": "get", "DELETE": "delete", "POST": "cancel"}[cmd]
        elif m_op and cmd == "GET":
            project, location, coll, verb = m_op.group(1), m_op.group(2), None, "get"
        else:
            raise ApiError(404, "The requested URL %s was not found on this server." % path)
        method_id = "aiplatform.projects.locations.%s.%s" % (coll or "operations", verb)
        method = fakelib.find_method(AIP, method_id)
        self._auth([CLOUD_PLATFORM], "aiplatform.googleapis.com",
                   "google.cloud.aiplatform.v1.%s.%s" % (
                       "JobService" if coll else "Operations", verb))
        self._check_query(AIP, method)
        self._check_project(project)
        now = world.clock.now()
        if m_op:
            with world.lock:
                op = world.operations.get(path[len("/v1/"):])
            if op is None:
                raise ApiError(404, "Operation %s not found." % path[len("/v1/"):])
            return self._reply(op)
        if verb == "create":
            body = self._json_body()
            schema = method["request"]
            if not isinstance(body, dict):
                raise ApiError(400, "Invalid JSON payload received. Expected an object.")
            out = []
            root = fakelib.snake(schema["$ref"].replace("GoogleCloudAiplatformV1", ""))
            AIP_CHECK.check(schema, body, root, out)
            self._vertex_semantics(coll, body, root, out)
            if out:
                raise violations_error(out, vertex_style=True)
            target = AIP_CHECK.resolve(schema)
            clean = {k: v for k, v in body.items()
                     if not target["properties"].get(fakelib.camel(k), {}).get(
                         "description", "").startswith("Output only.")}
            clean = {fakelib.camel(k): v for k, v in clean.items()}
            with world.lock:
                job = Job(world, coll, project, location, clean)
                world.jobs[job.name] = job
                return self._reply(job.to_json(now))
        if verb == "list":
            return self._vertex_list(project, location, coll, now)
        name = "projects/%s/locations/%s/%s/%s" % (project, location, coll, m_item.group(4))
        with world.lock:
            job = world.jobs.get(name)
            kind = "CustomJob" if coll == "customJobs" else "HyperparameterTuningJob"
            if job is None:
                raise ApiError(404, "The %s does not exist." % kind)
            state = job.state(now)
            if verb == "get":
                return self._reply(job.to_json(now))
            if verb == "cancel":
                body = self._json_body()
                out = []
                AIP_CHECK.check(method["request"], body, "", out)
                if out:
                    raise violations_error(out)
                if state in TERMINAL or state == "JOB_STATE_CANCELLING":
                    raise ApiError(400, "Cannot cancel %s %s as it is in state %s." % (
                        kind, name, state), status="FAILED_PRECONDITION")
                job.cancel(now)
                return self._reply({})
            # delete
            if state not in TERMINAL:
                raise ApiError(400, "%s %s is in state %s and cannot be deleted; cancel it "
                               "first." % (kind, name, state), status="FAILED_PRECONDITION")
            del world.jobs[name]
            op_name = "projects/%s/locations/%s/operations/%d" % (
                project, location, 1000000000 + secrets.randbelow(10**9))
            op = {"name": op_name, "done": True,
                  "metadata": {"@type": "type.googleapis.com/google.cloud.aiplatform.v1."
                               "DeleteOperationMetadata",
                               "genericMetadata": {"createTime": rfc3339(now),
                                                   "updateTime": rfc3339(now)}},
                  "response": {"@type": "type.googleapis.com/google.protobuf.Empty"}}
            world.operations[op_name] = op
            return self._reply(op)

    def _vertex_semantics(self, coll, body, root, out):
        V = fakelib.Violation
        name = body.get("displayName")
        if isinstance(name, str) and (not name.strip() or len(name) > 128):
            out.append(V(root + ".display_name", "The display name must be 1 to 128 characters.",
                         "value"))
        labels = body.get("labels")
        if isinstance(labels, dict):
            for k, v in labels.items():
                if not re.fullmatch(r"[\w-]{1,63}", k, re.U) or not k[0].isalpha() or \
                        k.lower() != k:
                    out.append(V(root + ".labels", "Label key %r is invalid: keys start with a "
                                 "lowercase letter and hold up to 63 lowercase letters, digits, "
                                 "'_' or '-'." % k, "value"))
                if isinstance(v, str) and (len(v) > 63 or v.lower() != v or
                                           not re.fullmatch(r"[\w-]*", v, re.U)):
                    out.append(V(root + ".labels", "Label value %r of key %r is invalid." % (v, k),
                                 "value"))
        spec_key = "jobSpec" if coll == "customJobs" else "trialJobSpec"
        spec = body.get(spec_key)
        spec_path = root + "." + fakelib.snake(spec_key)
        if isinstance(spec, dict) and isinstance(spec.get("workerPoolSpecs"), list):
            pools = spec["workerPoolSpecs"]
            if not pools or not isinstance(pools[0], dict) or not pools[0]:
                out.append(V(spec_path + ".worker_pool_specs", "The first worker pool spec must "
                             "not be empty.", "value"))
            for i, pool in enumerate(pools):
                if not isinstance(pool, dict) or not pool:
                    continue
                p = "%s.worker_pool_specs[%d]" % (spec_path, i)
                tasks = [k for k in ("containerSpec", "pythonPackageSpec") if k in pool]
                if len(tasks) != 1:
                    out.append(V(p, "Exactly one of container_spec and python_package_spec must be "
                                 "set.", "value"))
                machine = pool.get("machineSpec")
                if not isinstance(machine, dict) or not machine.get("machineType"):
                    out.append(V(p + ".machine_spec.machine_type", "Machine type must be "
                                 "specified.", "value"))
                count = pool.get("replicaCount", "1")
                if isinstance(count, str) and re.fullmatch(r"-?\d+", count):
                    if i == 0 and int(count) != 1:
                        out.append(V(p + ".replica_count", "The replica count of the first worker "
                                     "pool (the chief) must be 1.", "value"))
                    elif int(count) < 1:
                        out.append(V(p + ".replica_count", "Replica count must be positive.",
                                     "value"))
                if isinstance(machine, dict) and machine.get("acceleratorCount", 0) and \
                        machine.get("acceleratorType") in (None, "ACCELERATOR_TYPE_UNSPECIFIED"):
                    out.append(V(p + ".machine_spec.accelerator_type", "An accelerator count "
                                 "needs an accelerator type.", "value"))
        if coll == "hyperparameterTuningJobs":
            for key in ("maxTrialCount", "parallelTrialCount"):
                v = body.get(key)
                if isinstance(v, int) and v < 1:
                    out.append(V(root + "." + fakelib.snake(key), "Must be positive.", "value"))

    def _vertex_list(self, project, location, coll, now):
        world = self.world
        q = {k: v[0] for k, v in self.query.items()}
        text = q.get("filter", "")
        page_size = int(q.get("pageSize") or 0)
        if page_size < 0:
            raise ApiError(400, "page_size must not be negative.")
        page_size = min(page_size or 100, 1000)

        def compare(parts, actual, op, value):
            if parts[0] == "state" and op not in ("=", "!="):
                raise fakelib.FilterError("state supports only = and !=")
            return fakelib.default_compare(parts, actual, op, value)
        try:
            flt = fakelib.Filter(text, compare)
        except fakelib.FilterError as err:
            raise ApiError(400, "Provided filter is not valid: %s" % err)
        offset = self._page_offset(q.get("pageToken"), text)
        parent = "projects/%s/locations/%s/%s/" % (project, location, coll)
        with world.lock:
            jobs = [j for j in world.jobs.values() if j.name.startswith(parent)]
            jobs.sort(key=lambda j: (j.created, j.id), reverse=True)
            items = [j.to_json(now, with_trials=False) for j in jobs]

        def resolver(parts):
            head = parts[0]
            if head in ("display_name", "displayName") and len(parts) == 1:
                return item.get("displayName")
            if head == "state" and len(parts) == 1:
                return item.get("state")
            if head in ("create_time", "createTime") and len(parts) == 1:
                return item.get("createTime")
            if head == "labels" and len(parts) == 2:
                return item.get("labels", {}).get(parts[1])
            raise fakelib.FilterError("Unsupported field %s in filter" % ".".join(parts))
        selected = []
        try:
            for item in items:
                if flt.matches(resolver):
                    selected.append(item)
        except fakelib.FilterError as err:
            raise ApiError(400, "Provided filter is not valid: %s" % err)
        page = selected[offset:offset + page_size]
        reply = {}
        if page:
            reply[coll] = page
        if offset + page_size < len(selected):
            reply["nextPageToken"] = self._page_token(offset + page_size, text)
        return self._reply(reply)

    def _page_token(self, offset, key):
        raw = json.dumps({"o": offset, "k": hashlib.sha256(key.encode()).hexdigest()[:16]})
        return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")

    def _page_offset(self, token, key):
        if not token:
            return 0
        try:
            data = json.loads(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
            if data["k"] != hashlib.sha256(key.encode()).hexdigest()[:16]:
                raise ValueError
            return int(data["o"])
        except (ValueError, KeyError, TypeError):
            raise ApiError(400, "Invalid page token: it does not belong to this request (the "
                           "filter or other parameters changed).")

    def _reply(self, obj, code=200, headers=None):
        self._json(code, obj, headers)
        return code

    # -- Cloud Logging
    def _logging(self):
        world = self.world
        if self.req_path != "/v2/entries:list" or self.command != "POST":
            raise ApiError(404, "The requested URL %s was not found on this server." %
                           self.req_path)
        method = fakelib.find_method(LOG, "logging.entries.list")
        self._auth([CLOUD_PLATFORM, "https://www.googleapis.com/auth/cloud-platform.read-only",
                    "https://www.googleapis.com/auth/logging.read",
                    "https://www.googleapis.com/auth/logging.admin"],
                   "logging.googleapis.com", "google.logging.v2.LoggingServiceV2.ListLogEntries")
        self._check_query(LOG, method)
        body = self._json_body()
        if not isinstance(body, dict):
            raise ApiError(400, "Invalid JSON payload received. Expected an object.")
        out = []
        LOG_CHECK.check(method["request"], body, "", out)
        if out:
            raise violations_error(out)
        resources = body["resourceNames"]
        projects = []
        for r in resources:
            m = re.match(r"^projects/([^/]+)(/locations/[^/]+/buckets/[^/]+/views/[^/]+)?$", r)
            if not m:
                raise ApiError(400, "Invalid resource name: %s" % r, [
                    {"@type": "type.googleapis.com/google.rpc.BadRequest",
                     "fieldViolations": [{"field": "resource_names",
                                          "description": "Invalid resource name %s" % r}]}])
            self._check_project(m.group(1))
            projects.append(m.group(1))
        if len(resources) > 100:
            raise ApiError(400, "At most 100 resource names are allowed.")
        order = body.get("orderBy", "timestamp asc").strip()
        if order not in ("timestamp asc", "timestamp desc"):
            raise ApiError(400, "Invalid orderBy: %s. Only \"timestamp asc\" and \"timestamp "
                           "desc\" are supported." % order)
        page_size = int(body.get("pageSize", 50))
        if page_size < 0:
            raise ApiError(400, "page_size must not be negative.")
        page_size = min(page_size or 50, 1000)
        text = body.get("filter", "")
        if len(text) > 20000:
            raise ApiError(400, "The filter is longer than 20000 characters.")
        try:
            flt = fakelib.Filter(text, _log_compare)
        except fakelib.FilterError as err:
            raise ApiError(400, "Invalid filter: %s" % err)
        key = json.dumps([resources, text, order])
        offset = self._page_offset(body.get("pageToken"), key)
        now = world.clock.now()
        with world.lock:
            entries = [e for j in world.jobs.values() if j.project in projects
                       for e in j.log_entries(now)]
        # The Logging default: only entries of the last 24 hours when the filter names no time.
        entries.sort(key=lambda e: (fakelib.parse_rfc3339_nanos(e["timestamp"]), e["insertId"]),
                     reverse=order == "timestamp desc")
        try:
            selected = [e for e in entries if flt.matches(
                lambda parts, e=e: _log_field(e, parts),
                lambda word, e=e: word.lower() in json.dumps(e).lower())]
        except fakelib.FilterError as err:
            raise ApiError(400, "Invalid filter: %s" % err)
        page = selected[offset:offset + page_size]
        reply = {}
        if page:
            reply["entries"] = page
        if offset + page_size < len(selected):
            reply["nextPageToken"] = self._page_token(offset + page_size, key)
        return self._reply(reply)

    # -- Cloud Storage
    def _storage(self):
        world = self.world
        path = self.req_path
        cmd = self.command
        m_up = re.match(r"^/(?:resumable/)?upload/storage/v1/b/([^/]+)/o$", path)
        m_obj = re.match(r"^/(?:storage|download/storage)/v1/b/([^/]+)/o/(.+)$", path)
        m_list = re.match(r"^/storage/v1/b/([^/]+)/o$", path)
        scopes_rw = [CLOUD_PLATFORM, "https://www.googleapis.com/auth/devstorage.read_write",
                     "https://www.googleapis.com/auth/devstorage.full_control"]
        scopes_ro = scopes_rw + ["https://www.googleapis.com/auth/devstorage.read_only",
                                 "https://www.googleapis.com/auth/cloud-platform.read-only"]
        if m_up and cmd in ("POST", "PUT"):
            upload_id = (self.query.get("upload_id") or [None])[0]
            bucket = urllib.parse.unquote(m_up.group(1))
            if upload_id is not None:
                # The session URI is itself the credential (Cloud Storage resumable uploads):
                # no Bearer token is needed, so an expired token does not break an upload.
                return self._resumable_put(bucket, upload_id)
            self._auth(scopes_rw, "storage.googleapis.com", "storage.objects.insert")
            self._check_bucket(bucket)
            if cmd != "POST":
                raise ApiError(404, "Not Found", storage=True)
            method = fakelib.find_method(GCS, "storage.objects.insert")
            self._check_query(GCS, method, storage=True)
            kind = (self.query.get("uploadType") or [""])[0]
            if kind == "media":
                return self._upload_media(bucket)
            if kind == "multipart":
                return self._upload_multipart(bucket)
            if kind == "resumable":
                return self._resumable_start(bucket)
            raise ApiError(400, "Upload requests must include an uploadType URL parameter and a "
                           "URL path beginning with /upload/", storage=True, reason="wrongUrlForUpload")
        if m_obj and cmd == "GET":
            self._auth(scopes_ro, "storage.googleapis.com", "storage.objects.get")
            bucket = urllib.parse.unquote(m_obj.group(1))
            name = urllib.parse.unquote(m_obj.group(2))
            self._check_bucket(bucket)
            with world.lock:
                obj = world.objects.get((bucket, name))
            if obj is None:
                raise ApiError(404, "No such object: %s/%s" % (bucket, name), storage=True)
            alt = (self.query.get("alt") or ["json"])[0]
            if alt == "media" or path.startswith("/download/"):
                self._send(200, obj["data"], obj["meta"].get("contentType",
                                                             "application/octet-stream"),
                           {"x-goog-generation": obj["meta"]["generation"],
                            "x-goog-hash": "crc32c=%s,md5=%s" % (obj["meta"]["crc32c"],
                                                                 obj["meta"]["md5Hash"])})
                return 200
            return self._reply(obj["meta"])
        if m_list and cmd == "GET":
            self._auth(scopes_ro, "storage.googleapis.com", "storage.objects.list")
            bucket = urllib.parse.unquote(m_list.group(1))
            self._check_bucket(bucket)
            q = {k: v[0] for k, v in self.query.items()}
            prefix, delim = q.get("prefix", ""), q.get("delimiter", "")
            max_results = int(q.get("maxResults") or 1000)
            with world.lock:
                names = sorted(n for (b, n) in world.objects if b == bucket and
                               n.startswith(prefix))
                items, prefixes = [], []
                for n in names:
                    rest = n[len(prefix):]
                    if delim and delim in rest:
                        p = prefix + rest[:rest.index(delim) + len(delim)]
                        if p not in prefixes:
                            prefixes.append(p)
                        continue
                    items.append(world.objects[(bucket, n)]["meta"])
            offset = self._page_offset(q.get("pageToken"), json.dumps([bucket, prefix, delim]))
            page = items[offset:offset + max_results]
            reply = {"kind": "storage#objects"}
            if page:
                reply["items"] = page
            if prefixes:
                reply["prefixes"] = prefixes
            if offset + max_results < len(items):
                reply["nextPageToken"] = self._page_token(offset + max_results,
                                                          json.dumps([bucket, prefix, delim]))
            return self._reply(reply)
        raise ApiError(404, "Not Found", storage=True)

    def _check_bucket(self, bucket):
        valid = 3 <= len(bucket) <= 222 and re.fullmatch(r"[a-z0-9][a-z0-9._-]*[a-z0-9]", bucket) \
            and all(len(p) <= 63 for p in bucket.split(".")) and \
            not re.fullmatch(r"\d+\.\d+\.\d+\.\d+", bucket)
        if not valid:
            raise ApiError(400, "Invalid bucket name: '%s'" % bucket, storage=True,
                           reason="invalid")
        if self.world.buckets and bucket not in self.world.buckets:
            raise ApiError(404, "The specified bucket does not exist.", storage=True)

    def _object_meta(self, bucket, meta_in, name):
        out = []
        if meta_in is not None:
            GCS_CHECK.check({"$ref": "Object"}, meta_in, "", out, check_required=False)
            if out:
                err = violations_error(out)
                err.storage = True
                raise err
        meta_in = meta_in or {}
        name = (self.query.get("name") or [None])[0] or meta_in.get("name")
        if not name:
            raise ApiError(400, "Required", storage=True, reason="required")
        if len(name.encode("utf-8")) > 1024 or "\r" in name or "\n" in name:
            raise ApiError(400, "The object name is invalid.", storage=True, reason="invalid")
        return name, meta_in

    def _precondition(self, bucket, name):
        want = (self.query.get("ifGenerationMatch") or [None])[0]
        with self.world.lock:
            existing = self.world.objects.get((bucket, name))
        if want is not None:
            current = existing["meta"]["generation"] if existing else "0"
            if current != want:
                raise ApiError(412, "At least one of the pre-conditions you specified did not "
                               "hold.", storage=True, reason="conditionNotMet")

    def _store(self, bucket, name, meta_in, data, ctype):
        world = self.world
        now = world.clock.now()
        with world.lock:
            world.generation += 1
            gen = str(world.generation)
            enc_name = urllib.parse.quote(name, safe="")
            meta = {"kind": "storage#object", "id": "%s/%s/%s" % (bucket, name, gen),
                    "selfLink": "%sstorage/v1/b/%s/o/%s" % (world.root_url, bucket, enc_name),
                    "mediaLink": "%sdownload/storage/v1/b/%s/o/%s?generation=%s&alt=media" % (
                        world.root_url, bucket, enc_name, gen),
                    "name": name, "bucket": bucket, "generation": gen, "metageneration": "1",
                    "contentType": meta_in.get("contentType") or ctype or
                    "application/octet-stream",
                    "storageClass": "STANDARD", "size": str(len(data)),
                    "md5Hash": base64.b64encode(hashlib.md5(data).digest()).decode(),
                    "crc32c": base64.b64encode(fakelib.crc32c(data).to_bytes(4, "big")).decode(),
                    "etag": base64.b64encode(hashlib.sha1(gen.encode()).digest()[:8]).decode(),
                    "timeCreated": rfc3339(now), "updated": rfc3339(now),
                    "timeStorageClassUpdated": rfc3339(now)}
            if isinstance(meta_in.get("metadata"), dict):
                meta["metadata"] = meta_in["metadata"]
            world.objects[(bucket, name)] = {"meta": meta, "data": data}
        return meta

    def _upload_media(self, bucket):
        name, meta_in = self._object_meta(bucket, None, None)
        self._precondition(bucket, name)
        data = self._read_body()
        meta = self._store(bucket, name, meta_in, data, self.headers.get("Content-Type"))
        return self._reply(meta)

    def _upload_multipart(self, bucket):
        ctype = self.headers.get("Content-Type", "")
        m = re.search(r'boundary="?([^";]+)"?', ctype)
        if not ctype.startswith("multipart/related") or not m:
            raise ApiError(400, "Invalid multipart request: Content-Type must be "
                           "multipart/related with a boundary.", storage=True)
        boundary = b"--" + m.group(1).encode()
        data = self._read_body()
        parts = []
        for chunk in data.split(boundary)[1:]:
            if chunk.startswith(b"--"):
                break
            chunk = chunk[2:] if chunk.startswith(b"\r\n") else chunk.lstrip(b"\n")
            head, sep, content = chunk.partition(b"\r\n\r\n")
            if not sep:
                head, sep, content = chunk.partition(b"\n\n")
            if content.endswith(b"\r\n"):
                content = content[:-2]
            elif content.endswith(b"\n"):
                content = content[:-1]
            headers = {}
            for line in head.decode("latin-1").splitlines():
                k, _, v = line.partition(":")
                headers[k.strip().lower()] = v.strip()
            parts.append((headers, content))
        if len(parts) != 2:
            raise ApiError(400, "Invalid multipart request with %d parts (expected metadata and "
                           "media)." % len(parts), storage=True)
        try:
            meta_in = json.loads(parts[0][1].decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ApiError(400, "Metadata part is not JSON.", storage=True, reason="parseError")
        name, meta_in = self._object_meta(bucket, meta_in, None)
        self._precondition(bucket, name)
        meta = self._store(bucket, name, meta_in, parts[1][1], parts[1][0].get("content-type"))
        return self._reply(meta)

    def _resumable_start(self, bucket):
        body = self._json_body(required=False)
        name, meta_in = self._object_meta(bucket, body if body is not None else {}, None)
        self._precondition(bucket, name)
        total = self.headers.get("X-Upload-Content-Length")
        upload_id = "ADPyc" + secrets.token_urlsafe(24)
        with self.world.lock:
            self.world.uploads[upload_id] = {
                "bucket": bucket, "name": name, "meta": meta_in, "data": b"",
                "total": int(total) if total and total.isdigit() else None,
                "ctype": self.headers.get("X-Upload-Content-Type"), "done": None}
        location = "%supload/storage/v1/b/%s/o?uploadType=resumable&name=%s&upload_id=%s" % (
            self.world.root_url, urllib.parse.quote(bucket, safe=""),
            urllib.parse.quote(name, safe=""), upload_id)
        self._send(200, b"", "text/plain; charset=utf-8", {"Location": location,
                                                           "X-GUploader-UploadID": upload_id})
        return 200

    def _content_range(self):
        value = self.headers.get("Content-Range")
        if value is None:
            return None
        m = re.fullmatch(r"bytes (\d+)-(\d+)/(\d+|\*)", value.strip())
        if m:
            return int(m.group(1)), int(m.group(2)), None if m.group(3) == "*" else int(m.group(3))
        m = re.fullmatch(r"bytes \*/(\d+|\*)", value.strip())
        if m:
            return None, None, None if m.group(1) == "*" else int(m.group(1))
        raise ApiError(400, "Failed to parse Content-Range header.", storage=True)

    def _resumable_put(self, bucket, upload_id):
        world = self.world
        with world.lock:
            session = world.uploads.get(upload_id)
        if session is None or session["bucket"] != bucket:
            raise ApiError(404, "No such upload session.", storage=True)
        if session["done"] is not None:
            return self._reply(session["done"])
        rng = self._content_range()
        data = self._read_body()
        with world.lock:
            stored = len(session["data"])
            if rng is None:  # a single PUT with everything
                rng = (0, len(data) - 1, len(data)) if data else (None, None, 0)
            start, end, total = rng
            if total is not None:
                if session["total"] is not None and session["total"] != total:
                    raise ApiError(400, "The total size %d differs from the size announced "
                                   "earlier (%d)." % (total, session["total"]), storage=True)
                session["total"] = total
            if start is not None:
                if end - start + 1 != len(data):
                    raise ApiError(400, "Content-Range says %d bytes, the body has %d." % (
                        end - start + 1, len(data)), storage=True)
                if start <= stored:
                    session["data"] = session["data"] + data[stored - start:]
            stored = len(session["data"])
            complete = session["total"] is not None and stored >= session["total"]
            if complete:
                if stored > session["total"]:
                    raise ApiError(400, "More bytes than the total size were sent.", storage=True)
        if complete:
            self._precondition(bucket, session["name"])
            meta = self._store(bucket, session["name"], session["meta"], session["data"],
                               session["ctype"])
            with world.lock:
                session["done"] = meta
            return self._reply(meta)
        headers = {"X-GUploader-UploadID": upload_id}
        if stored:
            headers["Range"] = "bytes=0-%d" % (stored - 1)
        self._send(308, b"", "text/plain; charset=utf-8", headers)
        return 308


def _log_field(entry, parts):
    value = entry
    for i, part in enumerate(parts):
        if isinstance(value, dict):
            if part in value:
                value = value[part]
                continue
            # labels."a.b/c" written without quotes: join the rest of the path.
            rest = ".".join(parts[i:])
            if rest in value:
                return value[rest]
            return None
        return None
    return value if not isinstance(value, (dict, list)) else json.dumps(value)


def _log_compare(parts, actual, op, value):
    if parts == ["severity"] and op in ("=", "!=", "<", "<=", ">", ">="):
        a = SEVERITY_RANK.get(str(actual or "DEFAULT").upper(), 0)
        v = SEVERITY_RANK.get(value.upper())
        if v is None:
            try:
                v = int(value)
            except ValueError:
                raise fakelib.FilterError("Unknown severity %s" % value)
        return fakelib.default_compare(parts, a, op, str(v))
    if parts == ["timestamp"] and fakelib.parse_rfc3339_nanos(value) is None:
        raise fakelib.FilterError("Invalid timestamp %s" % value)
    return fakelib.default_compare(parts, actual, op, value)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--token-lifetime", type=float, default=3600)
    ap.add_argument("--queued-seconds", type=float, default=0.5)
    ap.add_argument("--pending-seconds", type=float, default=0.5)
    ap.add_argument("--running-seconds", type=float, default=3)
    ap.add_argument("--cancelling-seconds", type=float, default=0.5)
    ap.add_argument("--log-lines-per-replica", type=int, default=5)
    ap.add_argument("--authorized-user", action="append", default=[])
    ap.add_argument("--service-account", action="append", default=[])
    ap.add_argument("--write-authorized-user")
    ap.add_argument("--bucket", action="append")
    ap.add_argument("--project", action="append")
    ap.add_argument("--quiet", action="store_true", help="no request log on stderr")
    args = ap.parse_args(argv)

    world = World(args)
    for path in args.authorized_user + args.service_account:
        with open(path, encoding="utf-8") as f:
            world.add_credentials(json.load(f))
    if args.write_authorized_user:
        info = {"type": "authorized_user",
                "client_id": "fake-%s.apps.googleusercontent.com" % secrets.token_hex(6),
                "client_secret": secrets.token_urlsafe(18),
                "refresh_token": "1//fake-" + secrets.token_urlsafe(32)}
        world.add_credentials(info)
        fd = os.open(args.write_authorized_user, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(info, f, indent=2)

    Handler.world = world
    Handler.quiet = args.quiet
    server = Server((args.host, args.port), Handler)
    port = server.server_address[1]
    world.root_url = "http://%s:%d/" % (args.host, port)
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown,
                                                                daemon=True).start())
    print(json.dumps({"port": port, "root_url": world.root_url,
                      "token_uri": world.root_url + "token",
                      "control_url": world.root_url + "_fake/", "pid": os.getpid()}), flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
