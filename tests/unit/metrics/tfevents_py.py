#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An independent TensorBoard event-file writer and checker (standard library only).

Cross-checks the C++ reader and test writer against a second implementation of the format:
TFRecord framing (tensorboard/summary/writer/record_writer.py: '<Q' length, masked CRC-32C of
it, data, masked CRC-32C of the data; the masking of
tensorboard/compat/tensorflow_stub/pywrap_tensorflow.py) and protobuf encoded by hand with the
field numbers of tensorboard/compat/proto/{event,summary,tensor,tensor_shape}.proto.

  tfevents_py.py write FILE     writes a file_version event, then steps 0..4 of
                                "py/simple" (simple_value = step * 0.5) and "py/tensor"
                                (DT_FLOAT tensor_content = step * 0.25, scalars metadata on the
                                first value only)
  tfevents_py.py check FILE     verifies every record's two CRCs and prints
                                "records=N first=<file_version>"
"""
import struct
import sys


def _table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _table()


def crc32c(data):
    c = 0xFFFFFFFF
    for b in data:
        c = (c >> 8) ^ _TABLE[(c ^ b) & 0xFF]
    return c ^ 0xFFFFFFFF


def masked_crc32c(data):
    x = crc32c(data)
    return (((x >> 15) | (x << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame(data):
    header = struct.pack("<Q", len(data))
    return (header + struct.pack("<I", masked_crc32c(header)) + data
            + struct.pack("<I", masked_crc32c(data)))


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field(number, wire_type, payload):
    key = varint((number << 3) | wire_type)
    if wire_type == 2:
        return key + varint(len(payload)) + payload
    return key + payload


def event(wall_time, step=None, file_version=None, summary=None):
    out = field(1, 1, struct.pack("<d", wall_time))
    if step:
        out += field(2, 0, varint(step))
    if file_version is not None:
        out += field(3, 2, file_version.encode())
    if summary is not None:
        out += field(5, 2, summary)
    return out


def simple_value(tag, value):
    v = field(1, 2, tag.encode()) + field(2, 5, struct.pack("<f", value))
    return field(1, 2, v)  # Summary.value


def tensor_value(tag, value, with_metadata):
    v = field(1, 2, tag.encode())
    if with_metadata:
        plugin_data = field(1, 2, b"scalars")
        v += field(9, 2, field(1, 2, plugin_data))
    tensor = field(1, 0, varint(1))            # dtype DT_FLOAT
    tensor += field(2, 2, b"")                 # tensor_shape {} (rank 0)
    tensor += field(4, 2, struct.pack("<f", value))  # tensor_content
    v += field(8, 2, tensor)
    return field(1, 2, v)


def write(path):
    with open(path, "wb") as f:
        f.write(frame(event(1700000000.0, file_version="brain.Event:2")))
        for step in range(5):
            f.write(frame(event(1700000000.0 + step, step, summary=simple_value(
                "py/simple", step * 0.5))))
            f.write(frame(event(1700000000.5 + step, step, summary=tensor_value(
                "py/tensor", step * 0.25, step == 0))))


def check(path):
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    records = 0
    first = None
    while pos < len(data):
        header = data[pos:pos + 8]
        (length,) = struct.unpack("<Q", header)
        (hcrc,) = struct.unpack("<I", data[pos + 8:pos + 12])
        if hcrc != masked_crc32c(header):
            sys.exit("bad length crc at %d" % pos)
        payload = data[pos + 12:pos + 12 + length]
        (dcrc,) = struct.unpack("<I", data[pos + 12 + length:pos + 16 + length])
        if dcrc != masked_crc32c(payload):
            sys.exit("bad data crc at %d" % pos)
        if first is None:
            # Event.file_version: field 3, wire type 2, after the 9 bytes of wall_time.
            if payload[9] != 0x1A:
                sys.exit("first event has no file_version")
            first = payload[11:11 + payload[10]].decode()
        records += 1
        pos += 16 + length
    print("records=%d first=%s" % (records, first))


if __name__ == "__main__":
    {"write": write, "check": check}[sys.argv[1]](sys.argv[2])
