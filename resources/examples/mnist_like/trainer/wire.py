"""Length-prefixed JSON messages over TCP: a 4-byte big-endian length, then UTF-8 JSON."""

import json
import socket
import struct
import time

HEADER = struct.Struct(">I")
MAX_MESSAGE = 64 * 1024 * 1024


def send(sock, message):
    body = json.dumps(message, separators=(",", ":")).encode("utf-8")
    sock.sendall(HEADER.pack(len(body)) + body)


def _read_exact(sock, n):
    chunks = []
    while n:
        chunk = sock.recv(n)
        if not chunk:
            raise ConnectionError("connection closed")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def receive(sock):
    (length,) = HEADER.unpack(_read_exact(sock, HEADER.size))
    if length > MAX_MESSAGE:
        raise ConnectionError("message too large: %d bytes" % length)
    return json.loads(_read_exact(sock, length).decode("utf-8"))


class Connection:
    """A client connection that reconnects, retrying for up to `patience` seconds."""

    def __init__(self, host, port, patience=60.0):
        self.host = host
        self.port = port
        self.patience = patience
        self.sock = None

    def close(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None

    def call(self, message):
        deadline = time.monotonic() + self.patience
        delay = 0.05
        while True:
            try:
                if self.sock is None:
                    self.sock = socket.create_connection((self.host, self.port), timeout=30)
                    self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                send(self.sock, message)
                return receive(self.sock)
            except (OSError, ConnectionError, ValueError) as error:
                self.close()
                if time.monotonic() > deadline:
                    raise ConnectionError(
                        "%s:%d unreachable for %.0f s: %s" % (self.host, self.port, self.patience, error))
                time.sleep(delay)
                delay = min(delay * 2, 1.0)
