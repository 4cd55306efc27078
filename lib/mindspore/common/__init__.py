"""mindspore.common: Tensor, Parameter, dtypes, initializers, seeds."""
import _msc
from mindspore.common import dtype
from mindspore.common import initializer
from mindspore.common.parameter import Parameter, ParameterTuple
from mindspore.common.seed import set_seed, get_seed

Tensor = _msc.Tensor
