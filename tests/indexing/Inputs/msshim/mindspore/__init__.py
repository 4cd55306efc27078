"""A numpy stand-in for mindspore: the reference run (%python) of the
tests in tests/indexing that use MindSpore Tensors. A Tensor is an ndarray
(MindSpore Tensor indexing follows numpy's, and PyNative print(Tensor)
shows numpy's str); jit and set_context do nothing."""
import numpy as np

from . import nn  # noqa: F401

float16, float32, float64 = np.float16, np.float32, np.float64
int8, int16, int32, int64, uint8 = np.int8, np.int16, np.int32, np.int64, np.uint8
bool_ = np.bool_
GRAPH_MODE, PYNATIVE_MODE = 0, 1


def set_context(**kw):
    pass


def jit(fn=None, **kw):
    return fn if fn is not None else (lambda f: f)


def Tensor(data, dtype=None):
    return np.array(data, dtype=dtype)
