"""mindspore.nn.layer.normalization: BatchNorm1d, BatchNorm2d, LayerNorm.

BatchNorm{1,2}d(num_features, eps=1e-5, momentum=0.9, affine=True,
gamma_init='ones', beta_init='zeros', moving_mean_init='zeros',
moving_var_init='ones', use_batch_statistics=None, data_format='NCHW',
dtype=float32): Parameters gamma, beta (trainable when affine) and
moving_mean (named 'mean'), moving_variance (named 'variance'), as in
MindSpore. In training mode (cell.set_train(), or use_batch_statistics=True)
the batch statistics normalise and the moving ones are updated as
moving = momentum * moving + (1 - momentum) * batch (MindSpore's convention,
https://mindspore.cn/docs/zh-CN/r2.5.0/api_python/nn/mindspore.nn.BatchNorm2d.html),
with the unbiased batch variance for moving_variance. That needs Parameter
assignment, which graph capture does not have yet: training-mode BatchNorm
in GRAPH_MODE is an error. In inference mode: the BatchNorm primitive.

LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1,
gamma_init='ones', beta_init='zeros', epsilon=1e-7, dtype=float32).
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter
from mindspore.common.initializer import initializer
from mindspore.nn.cell import Cell
from mindspore.ops import functional as F

Tensor = _msc.Tensor


class _BatchNorm(Cell):
    def __init__(self, name, ndims, num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                 moving_var_init, use_batch_statistics, data_format, dtype):
        super().__init__()
        if not isinstance(num_features, int) or isinstance(num_features, bool) or num_features < 1:
            raise ValueError(f"For '{name}', the 'num_features' must be a positive int, but got {num_features}.")
        if not isinstance(momentum, (int, float)) or isinstance(momentum, bool) or momentum < 0 or momentum > 1:
            raise ValueError(f"For '{name}', the 'momentum' must be a number in range [0, 1], but got {momentum}.")
        if not isinstance(eps, (int, float)) or isinstance(eps, bool) or eps <= 0:
            raise ValueError(f"For '{name}', the 'eps' must be a positive number, but got {eps}.")
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise TypeError(f"For '{name}', the 'use_batch_statistics' must be a bool or None, but got "
                            f"{type(use_batch_statistics).__name__}.")
        if data_format != 'NCHW':
            raise ValueError(f"For '{name}', msc supports only 'data_format' 'NCHW', but got {data_format}.")
        self.cls_name_ = name
        self.ndims = ndims
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.use_batch_statistics = use_batch_statistics
        self.moving_mean = Parameter(initializer(moving_mean_init, num_features, dtype=dtype), name='mean',
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, num_features, dtype=dtype), name='variance',
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype=dtype), name='gamma',
                               requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype=dtype), name='beta', requires_grad=affine)

    def construct(self, x):
        if x.ndim not in self.ndims:
            raise ValueError(f"For '{self.cls_name_}', the input must be {' or '.join([str(n) + '-D' for n in self.ndims])}, "
                             f"but got shape {x.shape}.")
        if x.shape[1] != self.num_features:
            raise ValueError(f"For '{self.cls_name_}', the channel dim of the input (x.shape[1]) must be equal "
                             f"to 'num_features' {self.num_features}, but got input shape {x.shape}.")
        batch_stats = self.training if self.use_batch_statistics is None else self.use_batch_statistics
        if batch_stats:
            return F._bn_train(self.cls_name_, x, self.moving_mean, self.moving_variance, self.gamma, self.beta,
                               1.0 - self.momentum, self.eps)
        return _msc.prim('BatchNorm', x, self.gamma, self.beta, self.moving_mean, self.moving_variance,
                         epsilon=self.eps)

    def extend_repr(self):
        return (f'num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, '
                f'gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, '
                f'moving_variance={self.moving_variance}')


class BatchNorm1d(_BatchNorm):
    """Batch normalisation of (N, C) or (N, C, L) inputs."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones', beta_init='zeros',
                 moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None, data_format='NCHW',
                 dtype=mstype.float32):
        super().__init__('BatchNorm1d', (2, 3), num_features, eps, momentum, affine, gamma_init, beta_init,
                         moving_mean_init, moving_var_init, use_batch_statistics, data_format, dtype)


class BatchNorm2d(_BatchNorm):
    """Batch normalisation of (N, C, H, W) inputs."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones', beta_init='zeros',
                 moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None, data_format='NCHW',
                 dtype=mstype.float32):
        super().__init__('BatchNorm2d', (4,), num_features, eps, momentum, affine, gamma_init, beta_init,
                         moving_mean_init, moving_var_init, use_batch_statistics, data_format, dtype)


class LayerNorm(Cell):
    """Normalises over dims [begin_norm_axis, ndim) (mean, biased variance),
    then * gamma + beta (shape normalized_shape, applied from begin_params_axis)."""

    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init='ones',
                 beta_init='zeros', epsilon=1e-7, dtype=mstype.float32):
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For 'LayerNorm', the type of 'normalized_shape' must be tuple[int] or list[int], "
                            f"but got {normalized_shape} and the type is {type(normalized_shape).__name__}.")
        if not normalized_shape:
            raise ValueError("For 'LayerNorm', the 'normalized_shape' must not be empty.")
        self.normalized_shape = tuple(normalized_shape)
        self.begin_norm_axis = begin_norm_axis
        self.begin_params_axis = begin_params_axis
        self.epsilon = epsilon
        self.gamma = Parameter(initializer(gamma_init, list(normalized_shape), dtype=dtype), name='gamma')
        self.beta = Parameter(initializer(beta_init, list(normalized_shape), dtype=dtype), name='beta')

    def construct(self, input_x):
        return _msc.prim('LayerNorm', input_x, self.gamma, self.beta, begin_norm_axis=self.begin_norm_axis,
                         begin_params_axis=self.begin_params_axis, epsilon=self.epsilon)

    def extend_repr(self):
        return (f'normalized_shape={list(self.normalized_shape)}, begin_norm_axis={self.begin_norm_axis}, '
                f'begin_params_axis={self.begin_params_axis}, gamma{self.gamma}, beta={self.beta}')
