"""Synthetic data through a generator function and GeneratorDataset."""
import numpy as np
import mindspore.dataset as ds
from .config import lenet_cfg as cfg


def samples(n, size, classes, seed):
    rng = np.random.RandomState(seed)
    for i in range(n):
        label = i % classes
        img = rng.rand(1, size, size).astype(np.float32) * 0.1
        img[0, label * 4:(label + 1) * 4, :] += 1.0  # a band per class
        yield img, np.int32(label)


def create_dataset(n=None, seed=0):
    n = n or cfg.num_samples

    def source():  # a generator function: GeneratorDataset calls it each epoch
        yield from samples(n, cfg.image_size, cfg.num_classes, seed)

    data = ds.GeneratorDataset(source, column_names=["image", "label"], shuffle=False)
    return data.batch(cfg.batch_size, drop_remainder=True)
