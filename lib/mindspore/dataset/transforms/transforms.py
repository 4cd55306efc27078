"""mindspore.dataset.transforms: the general transforms msc provides.

TypeCast(data_type) casts a column to a mindspore dtype (or numpy dtype);
OneHot(num_classes, smoothing_rate) and Fill(fill_value) as MindSpore;
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


class OneHot:
    """OneHot(num_classes, smoothing_rate=0.0): an integer label (scalar or
    1-D) -> one-hot rows of num_classes, in the label's dtype as MindSpore
    gives it; with smoothing_rate s the rows are (1 - s) * onehot + s /
    num_classes (float32)."""

    def __init__(self, num_classes, smoothing_rate=0.0):
        if not isinstance(num_classes, int) or isinstance(num_classes, bool) or num_classes <= 0:
            raise ValueError(f"OneHot: num_classes should be a positive int, but got {num_classes!r}.")
        if smoothing_rate < 0 or smoothing_rate > 1:
            raise ValueError(f"OneHot: smoothing_rate should be in [0, 1], but got {smoothing_rate}.")
        self.num_classes = num_classes
        self.smoothing_rate = smoothing_rate

    def __call__(self, label):
        a = np.asarray(label)
        if a.ndim > 1 or a.dtype == np.float32 or a.dtype == np.float64 or a.dtype == np.bool_:
            raise RuntimeError(f"OneHot: the input should be an integer label (a scalar or 1-D), but got a "
                               f"{a.ndim}-D {a.dtype} array.")
        flat = a.reshape(-1)
        for v in flat.tolist():
            if v < 0 or v >= self.num_classes:
                raise RuntimeError(f"OneHot: label {v} is out of range [0, {self.num_classes}).")
        out = (flat.reshape(-1, 1) == np.arange(self.num_classes).reshape(1, -1))
        if self.smoothing_rate > 0:
            s = np.float32(self.smoothing_rate)
            res = out.astype(np.float32) * (np.float32(1) - s) + s / np.float32(self.num_classes)
        else:
            res = out.astype(a.dtype)
        if a.ndim == 0:
            return res.reshape(self.num_classes)
        return res


class Fill:
    """Fill(fill_value): an array of the input's shape and dtype, every
    element fill_value."""

    def __init__(self, fill_value):
        if isinstance(fill_value, bool) or not isinstance(fill_value, (int, float)):
            raise TypeError(f"Fill: fill_value should be a number, but got {type(fill_value).__name__}.")
        self.fill_value = fill_value

    def __call__(self, x):
        a = np.asarray(x)
        return np.full(a.shape, self.fill_value, dtype=a.dtype)
