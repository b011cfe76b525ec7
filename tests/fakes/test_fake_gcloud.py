# SPDX-License-Identifier: MIT
"""Tests of the fake Google Cloud itself: it must refuse what Google refuses, expire tokens,
verify RS256 for real, run the job state machine, write logs per replica and resume uploads."""

import base64
import hashlib
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fakelib  # noqa: E402

CLOUD = "https://www.googleapis.com/auth/cloud-platform"
PARENT = "v1/projects/proj-1/locations/us-central1"


def job_body(name="job-a", pools=((1,), (2,)), **extra):
    specs = []
    for (count,) in pools:
        specs.append({"machineSpec": {"machineType": "n1-standard-4"}, "replicaCount": str(count),
                      "pythonPackageSpec": {
                          "executorImageUri": "us-docker.pkg.dev/vertex-ai/training/"
                                              "tf-cpu.2-17.py310:latest",
                          "packageUris": ["gs://bucket-a/trainer-0.0.0.tar.gz"],
                          "pythonModule": "trainer.task", "args": ["--epochs", "3"]}})
    body = {"displayName": name, "labels": {"app": "trainyard"},
            "jobSpec": {"workerPoolSpecs": specs}}
    body.update(extra)
    return body


class FakeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.adc = os.path.join(cls.tmp.name, "adc.json")
        cls.proc = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "fake_gcloud.py"), "--port", "0",
             "--write-authorized-user", cls.adc, "--queued-seconds", "10", "--pending-seconds",
             "10", "--running-seconds", "40", "--cancelling-seconds", "10",
             "--log-lines-per-replica", "4", "--project", "proj-1"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        ready = json.loads(cls.proc.stdout.readline())
        cls.port = ready["port"]
        cls.root = ready["root_url"]
        with open(cls.adc, encoding="utf-8") as f:
            cls.user = json.load(f)

    @classmethod
    def tearDownClass(cls):
        cls.proc.terminate()
        cls.proc.wait(10)
        cls.proc.stdout.close()
        cls.tmp.cleanup()

    def setUp(self):
        self.control("POST", "reset", {})
        self.control("POST", "config", {"token_lifetime": 3600})
        self.token = self.refresh()

    # -- helpers
    def request(self, method, path, body=None, headers=None, raw=None, token=True):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        h = dict(headers or {})
        if token and "Authorization" not in h:
            h["Authorization"] = "Bearer " + self.token
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            h.setdefault("Content-Type", "application/json")
        conn.request(method, "/" + path.lstrip("/"), body=data, headers=h)
        resp = conn.getresponse()
        payload = resp.read()
        conn.close()
        try:
            obj = json.loads(payload) if payload else None
        except ValueError:
            obj = payload
        return resp.status, obj, resp

    def control(self, method, path, body=None):
        status, obj, _ = self.request(method, "_fake/" + path, body, token=False)
        self.assertEqual(status, 200, obj)
        return obj

    def form(self, fields):
        return self.request("POST", "token", raw=urllib.parse.urlencode(fields).encode(),
                            headers={"Content-Type": "application/x-www-form-urlencoded"},
                            token=False)

    def refresh(self, refresh_token=None):
        status, obj, _ = self.form({"grant_type": "refresh_token",
                                    "client_id": self.user["client_id"],
                                    "client_secret": self.user["client_secret"],
                                    "refresh_token": refresh_token or self.user["refresh_token"]})
        self.assertEqual(status, 200, obj)
        self.assertEqual(obj["token_type"], "Bearer")
        return obj["access_token"]

    def create(self, body=None, coll="customJobs"):
        status, obj, _ = self.request("POST", "%s/%s" % (PARENT, coll), body or job_body())
        self.assertEqual(status, 200, obj)
        return obj

    def get(self, name):
        status, obj, _ = self.request("GET", "v1/" + name)
        self.assertEqual(status, 200, obj)
        return obj

    def advance(self, seconds):
        self.control("POST", "advance", {"seconds": seconds})

    def assertGoogleError(self, status, obj, code, google_status):
        self.assertEqual(status, code, obj)
        self.assertEqual(obj["error"]["code"], code)
        self.assertEqual(obj["error"]["status"], google_status)
        self.assertIsInstance(obj["error"]["message"], str)

    def logs(self, filter_text, **extra):
        body = {"resourceNames": ["projects/proj-1"], "filter": filter_text}
        body.update(extra)
        status, obj, _ = self.request("POST", "v2/entries:list", body)
        self.assertEqual(status, 200, obj)
        return obj

    # -- schema
    def test_unknown_field_is_refused_like_google(self):
        body = job_body()
        body["jobSpec"]["workerPoolSpecs"][0]["machineSpec"]["machineTyp"] = "x"
        status, obj, _ = self.request("POST", PARENT + "/customJobs", body)
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        self.assertIn('Unknown name "machineTyp" at '
                      "'custom_job.job_spec.worker_pool_specs[0].machine_spec': Cannot find field.",
                      obj["error"]["message"])
        detail = obj["error"]["details"][0]
        self.assertEqual(detail["@type"], "type.googleapis.com/google.rpc.BadRequest")
        self.assertEqual(detail["fieldViolations"][0]["field"],
                         "custom_job.job_spec.worker_pool_specs[0].machine_spec")
        self.assertEqual(self.control("GET", "state")["jobs"], [])

    def test_int64_must_be_a_string_and_int32_a_number(self):
        body = job_body()
        body["jobSpec"]["workerPoolSpecs"][1]["replicaCount"] = 2
        status, obj, _ = self.request("POST", PARENT + "/customJobs", body)
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        self.assertIn("worker_pool_specs[1].replica_count' (TYPE_INT64), 2", obj["error"]["message"])
        body = job_body()
        body["jobSpec"]["workerPoolSpecs"][0]["machineSpec"]["acceleratorCount"] = "1"
        status, obj, _ = self.request("POST", PARENT + "/customJobs", body)
        self.assertIn("accelerator_count' (TYPE_INT32), \"1\"", obj["error"]["message"])

    def test_enum_values_and_required_fields(self):
        body = job_body()
        body["jobSpec"]["workerPoolSpecs"][0]["machineSpec"]["acceleratorType"] = "NVIDIA_TESLA_T5"
        status, obj, _ = self.request("POST", PARENT + "/customJobs", body)
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        self.assertIn('(TYPE_ENUM), "NVIDIA_TESLA_T5"', obj["error"]["message"])
        body = job_body()
        del body["displayName"]
        del body["jobSpec"]["workerPoolSpecs"][0]["pythonPackageSpec"]["pythonModule"]
        status, obj, _ = self.request("POST", PARENT + "/customJobs", body)
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        fields = {v["field"] for v in obj["error"]["details"][0]["fieldViolations"]}
        self.assertEqual(fields, {"custom_job.display_name",
                                  "custom_job.job_spec.worker_pool_specs[0].python_package_spec."
                                  "python_module"})

    def test_vertex_rules_beyond_the_schema(self):
        body = job_body(pools=((2,),))
        status, obj, _ = self.request("POST", PARENT + "/customJobs", body)
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        self.assertIn("worker_pool_specs[0].replica_count", obj["error"]["message"])
        body = job_body()
        body["jobSpec"]["workerPoolSpecs"][1]["containerSpec"] = {"imageUri": "x"}
        status, obj, _ = self.request("POST", PARENT + "/customJobs", body)
        self.assertIn("Exactly one of container_spec and python_package_spec",
                      obj["error"]["message"])
        # Empty pools in between are allowed.
        body = job_body()
        body["jobSpec"]["workerPoolSpecs"].insert(1, {})
        self.create(body)

    def test_unknown_query_parameter_is_refused(self):
        status, obj, _ = self.request("GET", PARENT + "/customJobs?pageSiz=3")
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        self.assertIn("Cannot bind query parameter", obj["error"]["message"])
        status, obj, _ = self.request("GET", PARENT + "/customJobs?pageSize=three")
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        status, _, _ = self.request("GET", PARENT + "/customJobs?prettyPrint=false&alt=json")
        self.assertEqual(status, 200)

    # -- tokens
    def test_missing_unknown_and_expired_tokens(self):
        status, obj, resp = self.request("GET", PARENT + "/customJobs", token=False)
        self.assertGoogleError(status, obj, 401, "UNAUTHENTICATED")
        self.assertIn("missing required authentication credential", obj["error"]["message"])
        self.assertTrue(resp.getheader("WWW-Authenticate").startswith("Bearer"))
        status, obj, _ = self.request("GET", PARENT + "/customJobs",
                                      headers={"Authorization": "Bearer ya29.made-up"})
        self.assertGoogleError(status, obj, 401, "UNAUTHENTICATED")

        self.control("POST", "config", {"token_lifetime": 30})
        self.token = self.refresh()
        self.assertEqual(self.request("GET", PARENT + "/customJobs")[0], 200)
        self.advance(31)
        status, obj, _ = self.request("GET", PARENT + "/customJobs")
        self.assertGoogleError(status, obj, 401, "UNAUTHENTICATED")
        self.assertIn("invalid authentication credentials", obj["error"]["message"])
        self.token = self.refresh()  # a refresh gives a working token again
        self.assertEqual(self.request("GET", PARENT + "/customJobs")[0], 200)

    def test_revoked_refresh_token_and_bad_client(self):
        creds = {"type": "authorized_user", "client_id": "cid-2", "client_secret": "s2",
                 "refresh_token": "rt-2"}
        self.control("POST", "credentials", creds)
        status, obj, _ = self.form({"grant_type": "refresh_token", "client_id": "cid-2",
                                    "client_secret": "s2", "refresh_token": "rt-2"})
        self.assertEqual(status, 200)
        token = obj["access_token"]
        self.control("POST", "revoke", {"refresh_token": "rt-2"})
        status, obj, _ = self.form({"grant_type": "refresh_token", "client_id": "cid-2",
                                    "client_secret": "s2", "refresh_token": "rt-2"})
        self.assertEqual((status, obj["error"]), (400, "invalid_grant"))
        self.assertEqual(obj["error_description"], "Token has been expired or revoked.")
        status, _, _ = self.request("GET", PARENT + "/customJobs",
                                    headers={"Authorization": "Bearer " + token})
        self.assertEqual(status, 401)
        status, obj, _ = self.form({"grant_type": "refresh_token", "client_id": "cid-2",
                                    "client_secret": "wrong", "refresh_token": "rt-2"})
        self.assertEqual((status, obj["error"]), (401, "invalid_client"))
        status, obj, _ = self.form({"grant_type": "password"})
        self.assertEqual((status, obj["error"]), (400, "unsupported_grant_type"))

    def _openssl_key(self, name):
        path = os.path.join(self.tmp.name, name)
        subprocess.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt",
                        "rsa_keygen_bits:2048", "-out", path], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(path, encoding="ascii") as f:
            return path, f.read()

    def _jwt(self, key_path, claims, kid="key-1"):
        header = {"alg": "RS256", "typ": "JWT", "kid": kid}
        signing_input = (fakelib.b64url(json.dumps(header).encode()) + "." +
                         fakelib.b64url(json.dumps(claims).encode()))
        # Signed by OpenSSL itself, so the fake's pow() verification is checked against it.
        sig = subprocess.run(["openssl", "dgst", "-sha256", "-sign", key_path],
                             input=signing_input.encode(), check=True,
                             stdout=subprocess.PIPE).stdout
        return signing_input + "." + fakelib.b64url(sig)

    def test_service_account_jwt_is_verified_for_real(self):
        key_path, pem = self._openssl_key("sa.pem")
        other_path, _ = self._openssl_key("other.pem")
        email = "trainer@proj-1.iam.gserviceaccount.com"
        self.control("POST", "credentials", {"type": "service_account", "client_email": email,
                                             "private_key": pem, "private_key_id": "key-1",
                                             "token_uri": self.root + "token"})
        now = int(time.time())
        claims = {"iss": email, "scope": CLOUD, "aud": self.root + "token", "iat": now,
                  "exp": now + 3600}
        status, obj, _ = self.form({"grant_type": "urn:ietf:params:oauth:grant-type:jwt-bearer",
                                    "assertion": self._jwt(key_path, claims)})
        self.assertEqual(status, 200, obj)
        self.assertEqual(self.request("GET", PARENT + "/customJobs", headers={
            "Authorization": "Bearer " + obj["access_token"]})[0], 200)
        # Signed by another key, or tampered claims: refused.
        for assertion in (self._jwt(other_path, claims),
                          self._jwt(key_path, claims).replace(
                              self._jwt(key_path, claims).split(".")[1],
                              fakelib.b64url(json.dumps(dict(claims, iss=email + "x")).encode()))):
            status, obj, _ = self.form({"grant_type": "urn:ietf:params:oauth:grant-type:"
                                                      "jwt-bearer", "assertion": assertion})
            self.assertEqual((status, obj["error"]), (400, "invalid_grant"))
        status, obj, _ = self.form({"grant_type": "urn:ietf:params:oauth:grant-type:jwt-bearer",
                                    "assertion": self._jwt(other_path, claims)})
        self.assertEqual(obj["error_description"], "Invalid JWT Signature.")
        # A lifetime over an hour is refused as Google refuses it.
        status, obj, _ = self.form({"grant_type": "urn:ietf:params:oauth:grant-type:jwt-bearer",
                                    "assertion": self._jwt(key_path, dict(claims,
                                                                          exp=now + 7200))})
        self.assertEqual((status, obj["error"]), (400, "invalid_grant"))
        self.assertIn("short-lived", obj["error_description"])

    def test_pow_verification_matches_openssl(self):
        key_path, pem = self._openssl_key("pow.pem")
        n, e, d = fakelib.rsa_numbers_from_pem(pem)
        data = b"signing input"
        sig = subprocess.run(["openssl", "dgst", "-sha256", "-sign", key_path], input=data,
                             check=True, stdout=subprocess.PIPE).stdout
        self.assertEqual(fakelib.rs256_sign(n, d, data), sig)
        self.assertTrue(fakelib.rs256_verify(n, e, data, sig))
        self.assertFalse(fakelib.rs256_verify(n, e, data + b"!", sig))

    # -- state machine
    def test_state_machine_to_succeeded(self):
        job = self.create()
        self.assertEqual(job["state"], "JOB_STATE_QUEUED")
        self.assertRegex(job["name"], r"^projects/proj-1/locations/us-central1/customJobs/\d+$")
        self.assertNotIn("startTime", job)
        seen = []
        for step in (5, 10, 10, 40):
            self.advance(step)
            seen.append(self.get(job["name"])["state"])
        self.assertEqual(seen, ["JOB_STATE_QUEUED", "JOB_STATE_PENDING", "JOB_STATE_RUNNING",
                                "JOB_STATE_SUCCEEDED"])
        done = self.get(job["name"])
        self.assertIn("startTime", done)
        self.assertIn("endTime", done)
        self.assertNotIn("error", done)

    def test_cancel_and_cancel_from_elsewhere(self):
        job = self.create()
        self.advance(25)  # running
        status, obj, _ = self.request("POST", "v1/" + job["name"] + ":cancel", {})
        self.assertEqual((status, obj), (200, {}))
        self.assertEqual(self.get(job["name"])["state"], "JOB_STATE_CANCELLING")
        self.advance(11)
        done = self.get(job["name"])
        self.assertEqual(done["state"], "JOB_STATE_CANCELLED")
        self.assertEqual(done["error"]["code"], 1)
        status, obj, _ = self.request("POST", "v1/" + job["name"] + ":cancel", {})
        self.assertGoogleError(status, obj, 400, "FAILED_PRECONDITION")

        other = self.create(job_body("job-b"))
        self.control("POST", "jobs", {"name": other["name"], "action": "cancel"})
        self.advance(11)
        self.assertEqual(self.get(other["name"])["state"], "JOB_STATE_CANCELLED")

    def test_failing_job_and_delete(self):
        self.control("POST", "faults", {"kind": "job_fails", "count": 1})
        job = self.create()
        ok = self.create(job_body("job-ok"))
        status, obj, _ = self.request("DELETE", "v1/" + job["name"])
        self.assertGoogleError(status, obj, 400, "FAILED_PRECONDITION")
        self.advance(61)
        failed = self.get(job["name"])
        self.assertEqual(failed["state"], "JOB_STATE_FAILED")
        self.assertIn("non-zero status", failed["error"]["message"])
        self.assertEqual(self.get(ok["name"])["state"], "JOB_STATE_SUCCEEDED")
        errors = self.logs('resource.labels.job_id="%s" AND severity>=ERROR' %
                           job["name"].split("/")[-1])
        self.assertEqual(len(errors["entries"]), 1)
        status, op, _ = self.request("DELETE", "v1/" + job["name"])
        self.assertEqual(status, 200, op)
        self.assertTrue(op["done"])
        self.assertEqual(self.get(op["name"])["name"], op["name"])
        status, obj, _ = self.request("GET", "v1/" + job["name"])
        self.assertGoogleError(status, obj, 404, "NOT_FOUND")

    def test_list_paging_and_filters(self):
        names = [self.create(job_body("run-%d" % i, labels={"team": "a" if i % 2 else "b"}))["name"]
                 for i in range(5)]
        got, token = [], None
        while True:
            q = "?pageSize=2" + ("&pageToken=" + token if token else "")
            status, obj, _ = self.request("GET", PARENT + "/customJobs" + q)
            self.assertEqual(status, 200, obj)
            got += [j["name"] for j in obj.get("customJobs", [])]
            token = obj.get("nextPageToken")
            if not token:
                break
        self.assertEqual(sorted(got), sorted(names))
        status, obj, _ = self.request("GET", PARENT + "/customJobs?pageSize=2&filter=state%3D%22"
                                      "JOB_STATE_QUEUED%22&pageToken=" + self.request(
                                          "GET", PARENT + "/customJobs?pageSize=2")[1][
                                          "nextPageToken"])
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")

        def names_for(flt):
            status, obj, _ = self.request("GET", PARENT + "/customJobs?filter=" +
                                          urllib.parse.quote(flt))
            self.assertEqual(status, 200, obj)
            return sorted(j["displayName"] for j in obj.get("customJobs", []))
        self.assertEqual(names_for('labels.team="a"'), ["run-1", "run-3"])
        self.assertEqual(names_for('display_name:"run-*" AND NOT labels.team="a"'),
                         ["run-0", "run-2", "run-4"])
        self.assertEqual(names_for('state="JOB_STATE_SUCCEEDED"'), [])
        status, obj, _ = self.request("GET", PARENT + "/customJobs?filter=" +
                                      urllib.parse.quote('bogus="x"'))
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")

    # -- logging
    def test_logs_per_replica_ordered_and_paged(self):
        job = self.create()  # pools: 1 chief, 2 workers
        job_id = job["name"].split("/")[-1]
        base = 'resource.type="ml_job" AND resource.labels.job_id="%s"' % job_id
        self.assertEqual(self.logs(base), {})  # nothing before RUNNING
        self.advance(71)
        entries = self.logs(base, pageSize=1000)["entries"]
        self.assertEqual(len(entries), 3 * 4)
        tasks = {e["resource"]["labels"]["task_name"] for e in entries}
        self.assertEqual(tasks, {"workerpool0-0", "workerpool1-0", "workerpool1-1"})
        stamps = [(fakelib.parse_rfc3339_nanos(e["timestamp"]), e["insertId"]) for e in entries]
        self.assertEqual(stamps, sorted(stamps))
        one = self.logs(base + ' AND resource.labels.task_name="workerpool1-1"')["entries"]
        self.assertEqual([e["textPayload"].split()[0] for e in one],
                         ["Running", "step=1", "step=2", "step=3"])
        desc = self.logs(base, orderBy="timestamp desc", pageSize=1000)["entries"]
        self.assertEqual(desc, list(reversed(entries)))
        # Paging: 5 + 5 + 2, the same entries.
        paged, token = [], None
        while True:
            extra = {"pageSize": 5}
            if token:
                extra["pageToken"] = token
            page = self.logs(base, **extra)
            paged += page.get("entries", [])
            token = page.get("nextPageToken")
            if not token:
                break
        self.assertEqual(paged, entries)
        # The tie-breaking filter gcloud's log streamer sends.
        last = entries[5]
        after = self.logs(base + ' AND ((timestamp="%s" AND insertId>"%s") OR timestamp>"%s")' % (
            last["timestamp"], last["insertId"], last["timestamp"]), pageSize=1000)["entries"]
        self.assertEqual(after, entries[6:])

    def test_logging_request_is_checked(self):
        status, obj, _ = self.request("POST", "v2/entries:list", {"filter": ""})
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        status, obj, _ = self.request("POST", "v2/entries:list", {"resourceNames": ["projects/proj-1"],
                                                                  "orderBy": "severity"})
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        status, obj, _ = self.request("POST", "v2/entries:list", {"resourceNames": ["projects/proj-1"],
                                                                  "pageSize": "10"})
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        status, obj, _ = self.request("POST", "v2/entries:list", {"resourceNames": ["projects/other"]})
        self.assertGoogleError(status, obj, 403, "PERMISSION_DENIED")

    def test_hyperparameter_tuning_job_trials_and_trial_logs(self):
        body = {"displayName": "hp", "maxTrialCount": 3, "parallelTrialCount": 1,
                "studySpec": {"metrics": [{"metricId": "accuracy", "goal": "MAXIMIZE"}],
                              "parameters": [{"parameterId": "lr", "doubleValueSpec": {
                                  "minValue": 0.001, "maxValue": 0.1}, "scaleType": "UNIT_LOG_SCALE"},
                                  {"parameterId": "layers", "integerValueSpec": {
                                      "minValue": "1", "maxValue": "4"}}]},
                "trialJobSpec": job_body()["jobSpec"]}
        job = self.create(body, "hyperparameterTuningJobs")
        self.advance(71)
        done = self.get(job["name"])
        self.assertEqual(done["state"], "JOB_STATE_SUCCEEDED")
        self.assertEqual([t["id"] for t in done["trials"]], ["1", "2", "3"])
        self.assertTrue(all(t["state"] == "SUCCEEDED" for t in done["trials"]))
        self.assertEqual(done["trials"][0]["finalMeasurement"]["metrics"][0]["metricId"], "accuracy")
        status, listed, _ = self.request("GET", PARENT + "/hyperparameterTuningJobs")
        self.assertNotIn("trials", listed["hyperparameterTuningJobs"][0])
        trial2 = self.logs('labels."ml.googleapis.com/trial_id"="2"', pageSize=1000)["entries"]
        self.assertEqual(len(trial2), 3 * 4)
        body["studySpec"]["parameters"][1]["integerValueSpec"]["minValue"] = 1
        status, obj, _ = self.request("POST", PARENT + "/hyperparameterTuningJobs", body)
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")

    # -- faults
    def test_injected_http_faults(self):
        self.control("POST", "faults", {"path": "/customJobs$", "method": "POST", "status": 403,
                                        "count": 1})
        status, obj, _ = self.request("POST", PARENT + "/customJobs", job_body())
        self.assertGoogleError(status, obj, 403, "PERMISSION_DENIED")
        self.assertEqual(obj["error"]["message"],
                         "Permission 'aiplatform.customJobs.create' denied on resource "
                         "'//aiplatform.googleapis.com/projects/proj-1/locations/us-central1' "
                         "(or it may not exist).")
        self.assertEqual(obj["error"]["details"][0]["metadata"]["permission"],
                         "aiplatform.customJobs.create")
        self.create()  # count 1: the next one goes through

        self.control("POST", "faults", {"path": "/customJobs", "status": 429, "count": 2,
                                        "retry_after": 3})
        for _ in range(2):
            status, obj, resp = self.request("GET", PARENT + "/customJobs")
            self.assertGoogleError(status, obj, 429, "RESOURCE_EXHAUSTED")
            self.assertEqual(resp.getheader("Retry-After"), "3")
        self.assertEqual(self.request("GET", PARENT + "/customJobs")[0], 200)
        for code, name in ((404, "NOT_FOUND"), (409, "ALREADY_EXISTS"), (503, "UNAVAILABLE"),
                           (401, "UNAUTHENTICATED")):
            self.control("POST", "faults", {"path": "customJobs", "status": code})
            status, obj, _ = self.request("GET", PARENT + "/customJobs")
            self.assertGoogleError(status, obj, code, name)
        # The fake logs a request after its answer is sent: wait for the last one to be logged.
        deadline = time.monotonic() + 5
        log = self.control("GET", "requests")
        while log[-1]["status"] != 401 and time.monotonic() < deadline:
            time.sleep(0.02)
            log = self.control("GET", "requests")
        self.assertEqual([r["status"] for r in log[-5:]], [200, 404, 409, 503, 401])

    def test_html_and_patched_answers(self):
        # A proxy's error page with 200, instead of the API's answer.
        self.control("POST", "faults", {"path": "/customJobs/", "method": "GET", "kind": "html"})
        job = self.create()
        status, obj, resp = self.request("GET", "v1/" + job["name"])
        self.assertEqual(status, 200)
        self.assertTrue(resp.getheader("Content-Type").startswith("text/html"))
        self.assertIn(b"<html>", obj)
        self.assertEqual(self.get(job["name"])["name"], job["name"])  # count 1
        # A served answer with hostile fields: the request is still checked against the schema.
        self.control("POST", "faults", {"path": "/customJobs$", "method": "POST", "kind": "patch",
                                        "json": {"name": "\x1b]52;c;SGk=\x07"}, "count": 2})
        status, obj, _ = self.request("POST", PARENT + "/customJobs", {"bogus": 1})
        self.assertGoogleError(status, obj, 400, "INVALID_ARGUMENT")
        patched = self.create()
        self.assertEqual(patched["name"], "\x1b]52;c;SGk=\x07")
        self.assertEqual(patched["state"], "JOB_STATE_QUEUED")
        self.assertRegex(self.create()["name"], r"/customJobs/[0-9]+$")  # count 1
        status, obj, _ = self.request("POST", "_fake/faults", {"kind": "patch", "json": 3},
                                      token=False)
        self.assertEqual(status, 400)

    def test_storage_403_uses_the_storage_error_shape(self):
        self.control("POST", "faults", {"path": "/upload/storage/", "status": 403})
        status, obj, _ = self.request("POST", "upload/storage/v1/b/bucket-a/o?uploadType=media&"
                                      "name=a.txt", raw=b"x",
                                      headers={"Content-Type": "text/plain"})
        self.assertEqual(status, 403)
        self.assertIn("storage.objects.create", obj["error"]["message"])
        self.assertEqual(obj["error"]["errors"][0]["reason"], "forbidden")

    # -- storage
    def test_media_and_multipart_uploads_and_reads(self):
        status, obj, _ = self.request("POST", "upload/storage/v1/b/bucket-a/o?uploadType=media&"
                                      "name=" + urllib.parse.quote("pkgs/abc/t.tar.gz", safe=""),
                                      raw=b"\x1f\x8bdata", headers={"Content-Type":
                                                                    "application/gzip"})
        self.assertEqual(status, 200, obj)
        self.assertEqual(obj["size"], "6")
        self.assertEqual(obj["md5Hash"], base64.b64encode(hashlib.md5(b"\x1f\x8bdata").digest())
                         .decode())
        self.assertEqual(obj["crc32c"], base64.b64encode(
            fakelib.crc32c(b"\x1f\x8bdata").to_bytes(4, "big")).decode())
        self.assertEqual(fakelib.crc32c(b"123456789"), 0xE3069283)  # the CRC-32C check value
        boundary = "b0undary"
        raw = ("--%s\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n%s\r\n--%s\r\n"
               "Content-Type: text/plain\r\nContent-Transfer-Encoding: binary\r\n\r\nhello\r\n"
               "--%s--\r\n" % (boundary, json.dumps({"name": "pkgs/b.txt",
                                                     "metadata": {"k": "v"}}),
                               boundary, boundary)).encode()
        status, obj, _ = self.request("POST", "upload/storage/v1/b/bucket-a/o?uploadType=multipart",
                                      raw=raw, headers={"Content-Type": "multipart/related; "
                                                        "boundary=" + boundary})
        self.assertEqual(status, 200, obj)
        self.assertEqual((obj["name"], obj["size"], obj["metadata"]), ("pkgs/b.txt", "5", {"k": "v"}))
        status, data, _ = self.request("GET", "storage/v1/b/bucket-a/o/pkgs%2Fb.txt?alt=media")
        self.assertEqual((status, data), (200, b"hello"))
        status, listing, _ = self.request("GET", "storage/v1/b/bucket-a/o?prefix=pkgs/&"
                                          "delimiter=/")
        self.assertEqual([i["name"] for i in listing["items"]], ["pkgs/b.txt"])
        self.assertEqual(listing["prefixes"], ["pkgs/abc/"])
        # Create-only: the same name again with ifGenerationMatch=0 is refused.
        status, obj, _ = self.request("POST", "upload/storage/v1/b/bucket-a/o?uploadType=media&"
                                      "ifGenerationMatch=0&name=pkgs%2Fb.txt", raw=b"x")
        self.assertEqual((status, obj["error"]["errors"][0]["reason"]), (412, "conditionNotMet"))
        # Unknown metadata field refused.
        raw2 = raw.replace(b'"metadata"', b'"metadatas"')
        status, obj, _ = self.request("POST", "upload/storage/v1/b/bucket-a/o?uploadType=multipart",
                                      raw=raw2, headers={"Content-Type": "multipart/related; "
                                                         "boundary=" + boundary})
        self.assertEqual(status, 400)
        self.assertIn('Unknown name "metadatas"', obj["error"]["message"])

    def test_resumable_upload_resumes_after_a_dropped_connection(self):
        payload = os.urandom(700 * 1024)
        status, _, resp = self.request(
            "POST", "upload/storage/v1/b/bucket-a/o?uploadType=resumable",
            {"name": "big/pkg.tar.gz"}, headers={"X-Upload-Content-Type": "application/gzip",
                                                 "X-Upload-Content-Length": str(len(payload))})
        self.assertEqual(status, 200)
        session = resp.getheader("Location")
        self.assertTrue(session.startswith(self.root + "upload/storage/v1/b/bucket-a/o?"))
        path = session[len(self.root):]
        chunk = 256 * 1024

        def put(start, data, total=len(payload)):
            if data:
                rng = "bytes %d-%d/%d" % (start, start + len(data) - 1, total)
            else:
                rng = "bytes */%d" % total
            return self.request("PUT", path, raw=data, headers={"Content-Range": rng},
                                token=False)

        status, _, resp = put(0, payload[:chunk])
        self.assertEqual((status, resp.getheader("Range")), (308, "bytes=0-%d" % (chunk - 1)))
        # The session URI is the credential: an expired token does not stop the upload.
        self.control("POST", "expire_tokens", {})
        # The network breaks 100 000 bytes into the second chunk.
        self.control("POST", "faults", {"path": "/upload/storage/", "method": "PUT",
                                        "kind": "drop", "after_bytes": 100000})
        with self.assertRaises((http.client.HTTPException, ConnectionError)):
            put(chunk, payload[chunk:2 * chunk])
        status, _, resp = put(0, b"")  # ask where to resume
        self.assertEqual((status, resp.getheader("Range")), (308, "bytes=0-%d" % (chunk + 99999)))
        resume = chunk + 100000
        status, obj, _ = put(resume, payload[resume:])
        self.assertEqual(status, 200, obj)
        self.assertEqual(obj["size"], str(len(payload)))
        self.token = self.refresh()
        status, data, _ = self.request("GET", "storage/v1/b/bucket-a/o/big%2Fpkg.tar.gz?alt=media")
        self.assertEqual(data, payload)
        status, obj, _ = put(0, b"")  # completed sessions answer with the object
        self.assertEqual(status, 200)


if __name__ == "__main__":
    unittest.main()
