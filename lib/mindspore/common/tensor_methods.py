"""mindspore.Tensor's methods that are functional ops: each `Tensor.name(...)`
here is `ops.name(self, ...)`, as MindSpore documents them ("Tensor.erf:
for details, please refer to mindspore.ops.erf()"). The tensor core (C)
defines the structural methods (shape, reshape, sum, asnumpy, ...); this
file adds the rest through _msc.tensor_method, once, when mindspore is
imported."""
import _msc
from mindspore.ops import functional as F


def _def(name, fn):
    _msc.tensor_method(name, fn)


def _erf(self):
    return F.erf(self)


_def('erf', _erf)


def _erfc(self):
    return F.erfc(self)


_def('erfc', _erfc)
