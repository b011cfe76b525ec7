# SPDX-License-Identifier: MIT
"""Helpers of the fake Google Cloud (standard library only): time stamps, RSA signatures,
discovery-schema checks and the filter language of Vertex AI list calls and Cloud Logging."""

import base64
import datetime
import fnmatch
import hashlib
import hmac
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
DISCOVERY_DIR = os.path.join(HERE, "discovery")

# ---------------------------------------------------------------------------------------------
# Time stamps: RFC 3339 in UTC with microseconds; compared as integer nanoseconds so that the
# equality terms gcloud sends (timestamp="X" AND insertId>"Y") are exact.


def rfc3339(t):
    micros = int(round(t * 1_000_000))
    dt = datetime.datetime.fromtimestamp(micros // 1_000_000, tz=datetime.timezone.utc)
    return dt.strftime("%Y-%m-%dT%H:%M:%S") + ".%06dZ" % (micros % 1_000_000)


_TS_RE = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|z|[+-]\d{2}:\d{2})?$")


def parse_rfc3339_nanos(s):
    """Integer nanoseconds since the epoch, or None when s is no RFC 3339 time stamp."""
    m = _TS_RE.match(s.strip()) if isinstance(s, str) else None
    if not m:
        # Logging also accepts a bare date.
        d = re.match(r"^(\d{4})-(\d{2})-(\d{2})$", s.strip()) if isinstance(s, str) else None
        if not d:
            return None
        dt = datetime.datetime(int(d.group(1)), int(d.group(2)), int(d.group(3)),
                               tzinfo=datetime.timezone.utc)
        return int(dt.timestamp()) * 1_000_000_000
    y, mo, da, h, mi, se, frac, tz = m.groups()
    try:
        dt = datetime.datetime(int(y), int(mo), int(da), int(h), int(mi), int(se),
                               tzinfo=datetime.timezone.utc)
    except ValueError:
        return None
    nanos = int(dt.timestamp()) * 1_000_000_000
    if frac:
        nanos += int(frac.ljust(9, "0"))
    if tz and tz not in ("Z", "z"):
        sign = 1 if tz[0] == "+" else -1
        nanos -= sign * (int(tz[1:3]) * 3600 + int(tz[4:6]) * 60) * 1_000_000_000
    return nanos


def nanos_of(t):
    return int(round(t * 1_000_000)) * 1000


# ---------------------------------------------------------------------------------------------
# RSA: just enough DER to get (n, e) out of a PEM key, and RS256 verification with pow().


def _der(buf, pos):
    tag = buf[pos]
    length = buf[pos + 1]
    pos += 2
    if length & 0x80:
        count = length & 0x7F
        length = int.from_bytes(buf[pos:pos + count], "big")
        pos += count
    return tag, buf[pos:pos + length], pos + length


def _der_seq(content):
    items, pos = [], 0
    while pos < len(content):
        tag, value, pos = _der(content, pos)
        items.append((tag, value))
    return items


def _der_int(value):
    return int.from_bytes(value, "big")


def pem_blocks(pem):
    return re.findall(r"-----BEGIN ([A-Z ]+)-----(.*?)-----END \1-----", pem, re.S)


def rsa_numbers_from_pem(pem):
    """(n, e, d or None) of the first RSA key in a PEM text (PKCS#8, PKCS#1, SPKI)."""
    blocks = pem_blocks(pem)
    if not blocks:
        raise ValueError("no PEM block found")
    kind, body = blocks[0]
    der = base64.b64decode("".join(body.split()))
    _, top, _ = _der(der, 0)
    items = _der_seq(top)
    if kind == "PRIVATE KEY":  # PKCS#8: version, algorithm, OCTET STRING(RSAPrivateKey)
        _, inner, _ = _der(items[2][1], 0)
        rsa = _der_seq(inner)
        return _der_int(rsa[1][1]), _der_int(rsa[2][1]), _der_int(rsa[3][1])
    if kind == "RSA PRIVATE KEY":
        return _der_int(items[1][1]), _der_int(items[2][1]), _der_int(items[3][1])
    if kind == "PUBLIC KEY":  # SPKI: algorithm, BIT STRING(RSAPublicKey)
        bits = items[1][1][1:]
        _, inner, _ = _der(bits, 0)
        rsa = _der_seq(inner)
        return _der_int(rsa[0][1]), _der_int(rsa[1][1]), None
    if kind == "RSA PUBLIC KEY":
        return _der_int(items[0][1]), _der_int(items[1][1]), None
    raise ValueError("unsupported PEM block " + kind)


_SHA256_DIGEST_INFO = bytes.fromhex("3031300d060960864801650304020105000420")


def _emsa_pkcs1_v15(data, k):
    t = _SHA256_DIGEST_INFO + hashlib.sha256(data).digest()
    return b"\x00\x01" + b"\xff" * (k - len(t) - 3) + b"\x00" + t


def rs256_verify(n, e, data, signature):
    k = (n.bit_length() + 7) // 8
    if len(signature) != k:
        return False
    s = int.from_bytes(signature, "big")
    if s >= n:
        return False
    return hmac.compare_digest(pow(s, e, n).to_bytes(k, "big"), _emsa_pkcs1_v15(data, k))


def rs256_sign(n, d, data):
    k = (n.bit_length() + 7) // 8
    m = int.from_bytes(_emsa_pkcs1_v15(data, k), "big")
    return pow(m, d, n).to_bytes(k, "big")


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# ---------------------------------------------------------------------------------------------
# CRC32C (Castagnoli), as Cloud Storage reports it (base64 of the big-endian value).

_CRC_TABLE = []
for _i in range(256):
    _c = _i
    for _ in range(8):
        _c = (_c >> 1) ^ 0x82F63B78 if _c & 1 else _c >> 1
    _CRC_TABLE.append(_c)


def crc32c(data, crc=0):
    crc ^= 0xFFFFFFFF
    table = _CRC_TABLE
    for byte in data:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


# ---------------------------------------------------------------------------------------------
# Discovery documents and the schema walk.


def load_discovery(name):
    with open(os.path.join(DISCOVERY_DIR, name), encoding="utf-8") as f:
        return json.load(f)


def snake(name):
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def camel(name):
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), name)


def find_method(doc, method_id):
    def walk(resources):
        for res in resources.values():
            for m in res.get("methods", {}).values():
                if m.get("id") == method_id:
                    return m
            found = walk(res.get("resources", {}))
            if found:
                return found
        return None
    method = walk(doc.get("resources", {}))
    if method is None:
        raise KeyError(method_id)
    return method


def _proto_type(schema_id):
    m = re.match(r"^GoogleCloudAiplatformV1(.+)$", schema_id or "")
    if m:
        return "type.googleapis.com/google.cloud.aiplatform.v1." + m.group(1)
    if schema_id == "GoogleRpcStatus":
        return "type.googleapis.com/google.rpc.Status"
    return "type.googleapis.com/" + (schema_id or "object")


class Violation:
    def __init__(self, field, description, kind):
        self.field = field
        self.description = description
        self.kind = kind  # "unknown", "type", "enum", "required", "value"


def _join(path, key):
    return key if not path else path + "." + key


def _json_repr(value):
    return json.dumps(value, ensure_ascii=False)


class SchemaChecker:
    """Walks a JSON value against a discovery schema like Google's JSON→proto parser does."""

    def __init__(self, doc):
        self.schemas = doc["schemas"]

    def resolve(self, schema):
        while "$ref" in schema:
            schema = self.schemas[schema["$ref"]]
        return schema

    def check(self, schema, value, path, out, check_required=True):
        ref = schema.get("$ref")
        schema = self.resolve(schema)
        if value is None:  # proto3 JSON: null means "not set"
            return
        kind = schema.get("type")
        fmt = schema.get("format")
        where = path or "(root)"
        if kind == "any":
            return
        if kind == "object":
            if not isinstance(value, dict):
                out.append(Violation(path, "Invalid value at '%s' (%s), %s" % (
                    where, _proto_type(ref or schema.get("id")), _json_repr(value)), "type"))
                return
            props = schema.get("properties")
            additional = schema.get("additionalProperties")
            if props is None and additional is not None:
                for key, sub in value.items():
                    self.check(additional, sub, "%s[%s]" % (path, key) if path else key, out,
                               check_required)
                return
            props = props or {}
            seen = set()
            for key, sub in value.items():
                name = key if key in props else camel(key)
                if name not in props:
                    at = " at '%s'" % path if path else ""
                    out.append(Violation(path, "Invalid JSON payload received. Unknown name %s%s: "
                                         "Cannot find field." % (_json_repr(key), at), "unknown"))
                    continue
                seen.add(name)
                self.check(props[name], sub, _join(path, snake(name)), out, check_required)
            if check_required:
                for name, prop in props.items():
                    desc = prop.get("description", "")
                    if desc.startswith("Required.") and name not in seen:
                        out.append(Violation(_join(path, snake(name)), "Required field is not set.",
                                             "required"))
            return
        if kind == "array":
            if not isinstance(value, list):
                out.append(Violation(path, "Invalid value at '%s', %s: Starting an array on a "
                                     "scalar field" % (where, _json_repr(value)), "type"))
                return
            for i, item in enumerate(value):
                self.check(schema.get("items", {}), item, "%s[%d]" % (path, i), out, check_required)
            return
        if kind == "boolean":
            if not isinstance(value, bool):
                out.append(Violation(path, "Invalid value at '%s' (TYPE_BOOL), %s" % (
                    where, _json_repr(value)), "type"))
            return
        if kind == "integer":
            ok = isinstance(value, int) and not isinstance(value, bool)
            if isinstance(value, float) and value.is_integer():
                ok = True
            if ok:
                bits = 32
                lo, hi = (0, 2**bits - 1) if fmt == "uint32" else (-2**(bits - 1), 2**(bits - 1) - 1)
                ok = lo <= int(value) <= hi
            if not ok:
                out.append(Violation(path, "Invalid value at '%s' (TYPE_%s), %s" % (
                    where, (fmt or "int32").upper(), _json_repr(value)), "type"))
            return
        if kind == "number":
            ok = (isinstance(value, (int, float)) and not isinstance(value, bool)) or \
                value in ("NaN", "Infinity", "-Infinity")
            if not ok:
                out.append(Violation(path, "Invalid value at '%s' (TYPE_%s), %s" % (
                    where, "FLOAT" if fmt == "float" else "DOUBLE", _json_repr(value)), "type"))
            return
        if kind == "string":
            if fmt in ("int64", "uint64"):
                # Strict on purpose: the wire convention of every discovery client is a JSON
                # string for 64-bit integers. (Google's own parser would also take a number.)
                ok = isinstance(value, str) and re.fullmatch(
                    r"-?\d+" if fmt == "int64" else r"\d+", value) is not None
                if ok:
                    v = int(value)
                    ok = (-2**63 <= v < 2**63) if fmt == "int64" else (0 <= v < 2**64)
                if not ok:
                    extra = "" if isinstance(value, str) else \
                        " (64-bit integers are JSON strings on the wire)"
                    out.append(Violation(path, "Invalid value at '%s' (TYPE_%s), %s%s" % (
                        where, fmt.upper(), _json_repr(value), extra), "type"))
                return
            if not isinstance(value, str):
                out.append(Violation(path, "Invalid value at '%s' (TYPE_STRING), %s" % (
                    where, _json_repr(value)), "type"))
                return
            if "enum" in schema and value not in schema["enum"]:
                out.append(Violation(path, "Invalid value at '%s' (TYPE_ENUM), %s" % (
                    where, _json_repr(value)), "enum"))
                return
            if fmt == "google-duration" and not re.fullmatch(r"-?\d+(\.\d{1,9})?s", value):
                out.append(Violation(path, "Invalid value at '%s' (type.googleapis.com/google."
                                     "protobuf.Duration), Field '%s', Illegal duration format; "
                                     "duration must end with 's'" % (where, where), "type"))
            elif fmt == "google-datetime" and parse_rfc3339_nanos(value) is None:
                out.append(Violation(path, "Invalid value at '%s' (type.googleapis.com/google."
                                     "protobuf.Timestamp), Field '%s', Invalid time format: "
                                     "Failed to parse input" % (where, where), "type"))
            elif fmt == "byte":
                try:
                    base64.b64decode(value + "=" * (-len(value) % 4), altchars=b"-_", validate=False)
                except ValueError:
                    out.append(Violation(path, "Invalid value at '%s' (TYPE_BYTES), %s" % (
                        where, _json_repr(value)), "type"))
            return


def check_query(method, query, standard_parameters):
    """Violations for unknown or ill-typed query parameters (dict name -> list of values)."""
    out = []
    params = {k: v for k, v in method.get("parameters", {}).items() if v.get("location") == "query"}
    for name, values in query.items():
        spec = params.get(name) or standard_parameters.get(name)
        if spec is None:
            out.append(Violation(name, "Invalid JSON payload received. Unknown name %s: Cannot bind "
                                 "query parameter. Field %s could not be found in request message."
                                 % (_json_repr(name), _json_repr(name)), "unknown"))
            continue
        for value in values:
            if spec.get("type") == "integer":
                if not re.fullmatch(r"-?\d+", value):
                    out.append(Violation(name, "Invalid value at '%s' (TYPE_INT32), %s" % (
                        snake(name), _json_repr(value)), "type"))
            elif spec.get("format") in ("int64", "uint64"):
                if not re.fullmatch(r"-?\d+", value):
                    out.append(Violation(name, "Invalid value at '%s' (TYPE_INT64), %s" % (
                        snake(name), _json_repr(value)), "type"))
            elif spec.get("type") == "boolean":
                if value not in ("true", "false", "1", "0", "True", "False"):
                    out.append(Violation(name, "Invalid value at '%s' (TYPE_BOOL), %s" % (
                        snake(name), _json_repr(value)), "type"))
            elif "enum" in spec and value not in spec["enum"]:
                out.append(Violation(name, "Invalid value at '%s' (TYPE_ENUM), %s" % (
                    snake(name), _json_repr(value)), "enum"))
    return out


# ---------------------------------------------------------------------------------------------
# Filters: the AIP-160 subset Vertex AI list calls take and the Logging query language subset
# that gcloud sends. Grammar:
#   expr := and ('OR' and)* ;  and := unary (['AND'] unary)* ;  unary := ('NOT' | '-') unary | prim
#   prim := '(' expr ')' | field [op value] ;  op := = != < <= > >= : =~ !~


class FilterError(ValueError):
    pass


_OPS = ["!=", "<=", ">=", "=~", "!~", "=", "<", ">", ":"]


def _tokenize(text):
    tokens, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c in "()":
            tokens.append((c, c))
            i += 1
            continue
        op = next((o for o in _OPS if text.startswith(o, i)), None)
        if op:
            tokens.append(("OP", op))
            i += len(op)
            continue
        if c == '"':
            s, i = _read_string(text, i)
            tokens.append(("STR", s))
            continue
        # A word; a dotted path may continue with a quoted part: labels."a.b/c"
        parts, cur = [], ""
        while i < n and not text[i].isspace() and text[i] not in '()' and \
                not any(text.startswith(o, i) for o in _OPS):
            if text[i] == '"':
                s, i = _read_string(text, i)
                cur += s
                continue
            if text[i] == ".":
                parts.append(cur)
                cur = ""
                i += 1
                continue
            cur += text[i]
            i += 1
        parts.append(cur)
        raw = ".".join(parts)
        if raw in ("AND", "OR", "NOT"):
            tokens.append((raw, raw))
        else:
            tokens.append(("WORD", raw, parts))
    return tokens


def _read_string(text, i):
    out, i = [], i + 1
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
            continue
        if c == '"':
            return "".join(out), i + 1
        out.append(c)
        i += 1
    raise FilterError("Unterminated string in filter")


class Filter:
    """parse(text) once; matches(resolver) per item. resolver(parts) -> value (str, or None)."""

    def __init__(self, text, compare=None):
        self.text = text or ""
        self.compare = compare or default_compare
        self.tokens = _tokenize(self.text)
        self.pos = 0
        self.tree = self._expr() if self.tokens else None
        if self.pos != len(self.tokens):
            raise FilterError("Unexpected token %r in filter" % (self.tokens[self.pos][1],))

    def _peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else (None, None)

    def _expr(self):
        node = self._and()
        while self._peek()[0] == "OR":
            self.pos += 1
            node = ("or", node, self._and())
        return node

    def _and(self):
        node = self._unary()
        while True:
            kind = self._peek()[0]
            if kind == "AND":
                self.pos += 1
                node = ("and", node, self._unary())
            elif kind in ("(", "WORD", "STR", "NOT") or (kind == "OP" and self._peek()[1] == "-"):
                node = ("and", node, self._unary())
            else:
                return node

    def _unary(self):
        tok = self._peek()
        if tok[0] == "NOT":
            self.pos += 1
            return ("not", self._unary())
        if tok[0] == "WORD" and tok[1].startswith("-") and len(tok[1]) > 1:
            # "-field=value" negation
            self.tokens[self.pos] = ("WORD", tok[1][1:], [tok[2][0][1:]] + tok[2][1:])
            return ("not", self._unary())
        return self._primary()

    def _primary(self):
        tok = self._peek()
        if tok[0] == "(":
            self.pos += 1
            node = self._expr()
            if self._peek()[0] != ")":
                raise FilterError("Missing ')' in filter")
            self.pos += 1
            return node
        if tok[0] == "STR":
            self.pos += 1
            return ("text", tok[1])
        if tok[0] != "WORD":
            raise FilterError("Unexpected %r in filter" % (tok[1],))
        self.pos += 1
        nxt = self._peek()
        if nxt[0] == "OP":
            self.pos += 1
            val = self._peek()
            if val[0] not in ("WORD", "STR"):
                raise FilterError("Missing value after %s in filter" % nxt[1])
            self.pos += 1
            return ("cmp", tok[2], nxt[1], val[1], val[0] == "STR")
        return ("text", tok[1])

    def matches(self, resolver, text_search=None):
        def ev(node):
            kind = node[0]
            if kind == "and":
                return ev(node[1]) and ev(node[2])
            if kind == "or":
                return ev(node[1]) or ev(node[2])
            if kind == "not":
                return not ev(node[1])
            if kind == "text":
                return text_search(node[1]) if text_search else False
            _, parts, op, value, _quoted = node
            return self.compare(parts, resolver(parts), op, value)
        return True if self.tree is None else ev(self.tree)


def default_compare(parts, actual, op, value):
    if op == ":" and value == "*":
        return actual is not None
    if actual is None:
        return op == "!="
    if isinstance(actual, (int, float)) and not isinstance(actual, bool):
        try:
            v = float(value)
        except ValueError:
            return False
        a = float(actual)
    else:
        a = str(actual)
        v = value
        na, nv = parse_rfc3339_nanos(a), parse_rfc3339_nanos(v)
        if na is not None and nv is not None:
            a, v = na, nv
    if op == "=":
        return a == v
    if op == "!=":
        return a != v
    if op == "<":
        return a < v
    if op == "<=":
        return a <= v
    if op == ">":
        return a > v
    if op == ">=":
        return a >= v
    if op == ":":
        if "*" in str(v):
            return fnmatch.fnmatchcase(str(a), str(v))
        return str(v).lower() in str(a).lower()
    if op in ("=~", "!~"):
        found = re.search(str(v), str(a)) is not None
        return found if op == "=~" else not found
    return False
