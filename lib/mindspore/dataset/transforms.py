"""mindspore.dataset.transforms: the general transforms msc provides.

TypeCast(data_type) casts a column to a mindspore dtype (or numpy dtype);
Compose(transforms) chains callables. Both are plain callables on numpy
arrays, usable in Dataset.map.
"""
import numpy as np


class TypeCast:
    def __init__(self, data_type):
        self.data_type = data_type

    def __call__(self, x):
        return np.asarray(x).astype(self.data_type)


class Compose:
    def __init__(self, transforms):
        if not isinstance(transforms, list) or len(transforms) == 0:
            raise TypeError("Compose: transforms should be a non-empty list of callables.")
        self.transforms = transforms

    def __call__(self, *args):
        for t in self.transforms:
            res = t(*args)
            args = res if isinstance(res, tuple) else (res,)
        if len(args) == 1:
            return args[0]
        return args
