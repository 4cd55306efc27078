"""mindspore: the MindSpore 2.x surface msc provides, written in msc's Python subset.

Tensors, Parameters and dtypes are the tensor core's (the built-in `_msc`
module, in C); every tensor operation goes through `_msc.prim`. Everything
else (Cell, layers, the functional ops, initialisers, context) is here, in
lib/, embedded in the msc binary. See README.md, "lib/: the MindSpore
library".
"""
import _msc
from mindspore import context
from mindspore.context import (GRAPH_MODE, PYNATIVE_MODE, STRICT, COMPATIBLE, LAX,
                               set_context, get_context)
from mindspore.common import dtype
from mindspore.common.dtype import (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
                                    float16, float32, float64, half, single, double, complex64, complex128)
from mindspore.common.parameter import Parameter, ParameterTuple
from mindspore.common.seed import set_seed, get_seed
from mindspore.common import initializer
from mindspore.common.api import jit, jit_class, mutable, JitConfig
from mindspore import ops
from mindspore.common import tensor_methods as _tensor_methods
from mindspore.ops.composite import grad, value_and_grad
from mindspore import nn
from mindspore.common.vmap import vmap

Tensor = _msc.Tensor
mstype = dtype
__version__ = '2.4.0'


def is_tensor(obj):
    return isinstance(obj, Tensor)


def from_numpy(array):
    """Tensor sharing nothing with `array` (msc copies; MindSpore may share)."""
    return Tensor.from_numpy(array)


def tensor(input_data=None, dtype=None, shape=None, init=None, const_arg=False, device=None):
    """mindspore.tensor: the 2.x factory, the same arguments and result as
    Tensor(...). https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/mindspore.tensor.html"""
    return Tensor(input_data, dtype, shape, init)


def dtype_to_nptype(type_):
    """The numpy dtype of a MindSpore dtype (mindspore.dtype_to_nptype)."""
    import numpy as np
    return getattr(np, 'bool_' if str(type_) == 'Bool' else str(type_).lower())


# mindspore.dataset and mindspore.train (Model, the callbacks and metrics,
# checkpoints and MindIR) are imported when first used, through the
# module's __getattr__ (PEP 562), not by `import mindspore`: a third of
# lib/mindspore that most scripts never touch, and msc parses lib/ on every
# run. `ms.dataset`, `ms.Model`, `from mindspore import Model`,
# `hasattr(ms, 'export')` behave as in MindSpore, which imports them eagerly.
_LAZY_SERIALIZATION = ('export', 'load', 'save_checkpoint', 'load_checkpoint', 'load_param_into_net')
_LAZY_TRAIN = ('Model', 'Callback', 'RunContext', 'LossMonitor', 'TimeMonitor', 'ModelCheckpoint',
               'CheckpointConfig', 'EarlyStopping', 'Metric', 'Accuracy', 'Loss', 'Precision', 'Recall', 'MAE',
               'MSE', 'TopKCategoricalAccuracy', 'Top1CategoricalAccuracy', 'Top5CategoricalAccuracy',
               'get_metric_fn')


def __getattr__(name):
    # `import a.b as c`, not `from a import b`: the latter asks this
    # module for the attribute first, which would come back here
    if name == 'dataset':
        import mindspore.dataset as dataset
        return dataset
    if name == 'train':
        import mindspore.train as train
        return train
    if name in _LAZY_SERIALIZATION:
        import mindspore.train.serialization as serialization
        return getattr(serialization, name)
    if name in _LAZY_TRAIN:
        import mindspore.train as train
        return getattr(train, name)
    raise AttributeError(f"module 'mindspore' has no attribute '{name}'")
