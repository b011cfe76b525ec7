"""A seeded, synthetic "MNIST-like" classification set: Gaussian blobs, nothing downloaded."""

import random

FEATURES = 16
CLASSES = 10


class Dataset:
    def __init__(self, xs, ys):
        self.xs = xs
        self.ys = ys

    def __len__(self):
        return len(self.ys)

    def shard(self, index, count):
        return Dataset(self.xs[index::count], self.ys[index::count])

    def batch(self, step, size, seed):
        """A deterministic batch for a step (the same on a restarted replica)."""
        rng = random.Random(seed * 1000003 + step)
        picks = [rng.randrange(len(self.ys)) for _ in range(size)]
        return [self.xs[i] for i in picks], [self.ys[i] for i in picks]


def make_datasets(seed, train_size=2048, eval_size=512):
    rng = random.Random(seed)
    centers = [[rng.gauss(0.0, 1.0) for _ in range(FEATURES)] for _ in range(CLASSES)]

    def sample(n):
        xs, ys = [], []
        for i in range(n):
            label = i % CLASSES
            xs.append([c + rng.gauss(0.0, 1.0) for c in centers[label]])
            ys.append(label)
        return Dataset(xs, ys)

    return sample(train_size), sample(eval_size)
