"""Softmax regression on flat parameter vectors (weights then biases).

Uses numpy when it imports (unless TRAINER_PURE_PYTHON=1), else plain Python lists.
"""

import math
import os
import random

from . import data

try:
    if os.environ.get("TRAINER_PURE_PYTHON") == "1":
        raise ImportError("pure Python requested")
    import numpy as np
except ImportError:
    np = None

D = data.FEATURES
C = data.CLASSES
PARAMS = D * C + C
BACKEND = "numpy" if np is not None else "python"


def init_params(seed):
    rng = random.Random(seed + 7)
    return [rng.gauss(0.0, 0.01) for _ in range(D * C)] + [0.0] * C


def _np_forward(params, xs):
    p = np.asarray(params, dtype=np.float64)
    w = p[: D * C].reshape(D, C)
    b = p[D * C:]
    logits = np.asarray(xs, dtype=np.float64) @ w + b
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    return e / e.sum(axis=1, keepdims=True)


def _py_forward(params, xs):
    probs = []
    for x in xs:
        logits = []
        for c in range(C):
            s = params[D * C + c]
            for d in range(D):
                s += x[d] * params[d * C + c]
            logits.append(s)
        m = max(logits)
        e = [math.exp(v - m) for v in logits]
        t = sum(e)
        probs.append([v / t for v in e])
    return probs


def evaluate(params, xs, ys):
    """(mean cross-entropy loss, accuracy)."""
    if np is not None:
        probs = _np_forward(params, xs)
        y = np.asarray(ys)
        picked = probs[np.arange(len(ys)), y]
        loss = float(-np.log(np.maximum(picked, 1e-12)).mean())
        acc = float((probs.argmax(axis=1) == y).mean())
        return loss, acc
    probs = _py_forward(params, xs)
    loss = 0.0
    hits = 0
    for p, y in zip(probs, ys):
        loss -= math.log(max(p[y], 1e-12))
        hits += 1 if max(range(C), key=lambda c: p[c]) == y else 0
    return loss / len(ys), hits / len(ys)


def loss_and_grad(params, xs, ys):
    """(loss, accuracy, gradient as a list) on one batch."""
    n = len(ys)
    if np is not None:
        probs = _np_forward(params, xs)
        y = np.asarray(ys)
        picked = probs[np.arange(n), y]
        loss = float(-np.log(np.maximum(picked, 1e-12)).mean())
        acc = float((probs.argmax(axis=1) == y).mean())
        delta = probs.copy()
        delta[np.arange(n), y] -= 1.0
        delta /= n
        x = np.asarray(xs, dtype=np.float64)
        gw = x.T @ delta
        gb = delta.sum(axis=0)
        return loss, acc, np.concatenate([gw.reshape(-1), gb]).tolist()
    probs = _py_forward(params, xs)
    grad = [0.0] * PARAMS
    loss = 0.0
    hits = 0
    for x, p, y in zip(xs, probs, ys):
        loss -= math.log(max(p[y], 1e-12))
        hits += 1 if max(range(C), key=lambda c: p[c]) == y else 0
        for c in range(C):
            g = (p[c] - (1.0 if c == y else 0.0)) / n
            if g == 0.0:
                continue
            grad[D * C + c] += g
            for d in range(D):
                grad[d * C + c] += x[d] * g
    return loss / n, hits / n, grad


def sgd(params, grads, lr):
    return [p - lr * g for p, g in zip(params, grads)]
