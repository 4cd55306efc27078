"""mindspore.nn.loss: loss Cells (MindSpore 2.x, mindspore/nn/loss/loss.py), each a
thin Cell over the functionals of mindspore/ops/function/loss_func.py.

Default reductions as MindSpore 2.x: 'mean' everywhere except
SoftmaxCrossEntropyWithLogits ('none'). BCELoss's default is 'mean' since 2.0
('none' in <= 1.9). Deviation: SoftmaxCrossEntropyWithLogits uses log_softmax
(MindSpore's CPU kernel takes log(max(softmax, FLT_MIN)), which differs only for
probabilities below 1e-38).
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.nn.cell import Cell
from mindspore.ops.function import loss_func as LF

Tensor = _msc.Tensor


class LossBase(Cell):
    """Base class of losses: `reduction` ('mean', 'sum', 'none') and
    get_loss(x, weights=1.0) = reduce(weights * x)."""

    def __init__(self, reduction='mean'):
        super().__init__()
        if not isinstance(reduction, str) or reduction not in ('mean', 'sum', 'none'):
            raise ValueError(f"For '{self.cls_name}', the 'reduction' must be in ['mean', 'sum', 'none'], "
                             f"but got {reduction}.")
        self.average = reduction == 'mean'
        self.reduce = reduction != 'none'
        self.reduction = reduction

    def get_axis(self, x):
        return tuple(range(x.ndim))

    def get_loss(self, x, weights=1.0):
        input_dtype = x.dtype
        x = _msc.prim('Cast', x, dtype=mstype.float32)
        if isinstance(weights, Tensor):
            weights = _msc.prim('Cast', weights, dtype=mstype.float32)
        x = _msc.prim('Mul', weights, x)
        if self.reduce and self.average:
            x = _msc.prim('ReduceMean', x, axis=None, keep_dims=False)
        elif self.reduce:
            x = _msc.prim('ReduceSum', x, axis=None, keep_dims=False)
        return _msc.prim('Cast', x, dtype=input_dtype)

    def construct(self, logits, labels):
        raise NotImplementedError


def _check_input_tensor(cls_name, name, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{cls_name}', the '{name}' must be a Tensor, but got {type(x).__name__}.")


def _opt_tensor(cls_name, name, x):
    if x is not None and not isinstance(x, Tensor):
        raise TypeError(f"For '{cls_name}', the '{name}' must be a Tensor or None, but got {type(x).__name__}.")
    return x


class L1Loss(LossBase):
    """|logits - labels| (broadcasting), reduced (default 'mean')."""

    def construct(self, logits, labels):
        return LF.l1_loss(logits, labels, self.reduction)


class MSELoss(LossBase):
    """(logits - labels)^2 (broadcasting), reduced (default 'mean')."""

    def construct(self, logits, labels):
        return LF.mse_loss(logits, labels, self.reduction)


class BCELoss(LossBase):
    """Binary cross entropy of probabilities: -w [y log(x + 1e-12) +
    (1 - y) log(1 - x + 1e-12)]. `weight` (a Tensor broadcasting against the
    logits) is fixed at construction. Default reduction 'mean' (MindSpore 2.x).
    https://mindspore.cn/docs/zh-CN/r2.0/api_python/nn/mindspore.nn.BCELoss.html"""

    def __init__(self, weight=None, reduction='mean'):
        super().__init__(reduction)
        self.weight = _opt_tensor('BCELoss', 'weight', weight)

    def construct(self, logits, labels):
        return LF.binary_cross_entropy(logits, labels, self.weight, self.reduction)


class BCEWithLogitsLoss(LossBase):
    """BCELoss on sigmoid(logits), in a numerically stable form; weight and
    pos_weight are Tensors fixed at construction.
    https://www.mindspore.cn/docs/en/r2.3.0/api_python/nn/mindspore.nn.BCEWithLogitsLoss.html"""

    def __init__(self, reduction='mean', weight=None, pos_weight=None):
        super().__init__(reduction)
        self.weight = _opt_tensor('BCEWithLogitsLoss', 'weight', weight)
        self.pos_weight = _opt_tensor('BCEWithLogitsLoss', 'pos_weight', pos_weight)

    def construct(self, logits, labels):
        return LF.binary_cross_entropy_with_logits(logits, labels, self.weight, self.pos_weight, self.reduction)


def _check_int_arg(cls_name, name, v):
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"For '{cls_name}', the '{name}' must be an int, but got {type(v).__name__}.")


class CrossEntropyLoss(LossBase):
    """Cross entropy of logits (N, C, ...) against class indices (int) or
    class probabilities (float, logits' shape).
    https://mindspore.cn/docs/en/r2.4.0/api_python/nn/mindspore.nn.CrossEntropyLoss.html"""

    def __init__(self, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0):
        super().__init__(reduction)
        self.weight = _opt_tensor('CrossEntropyLoss', 'weight', weight)
        _check_int_arg('CrossEntropyLoss', 'ignore_index', ignore_index)
        LF._check_smoothing('CrossEntropyLoss', label_smoothing)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def construct(self, logits, labels):
        return LF.cross_entropy(logits, labels, self.weight, self.ignore_index, self.reduction,
                                self.label_smoothing)


class NLLLoss(LossBase):
    """Negative log likelihood of log-probabilities (N, C, ...) at int class
    indices. https://www.mindspore.cn/docs/en/r2.3.0/api_python/nn/mindspore.nn.NLLLoss.html"""

    def __init__(self, weight=None, ignore_index=-100, reduction='mean'):
        super().__init__(reduction)
        self.weight = _opt_tensor('NLLLoss', 'weight', weight)
        _check_int_arg('NLLLoss', 'ignore_index', ignore_index)
        self.ignore_index = ignore_index

    def construct(self, logits, labels):
        return LF.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class SoftmaxCrossEntropyWithLogits(LossBase):
    """-sum_c labels * log_softmax(logits) per row of logits (N, C); sparse=True
    takes int class indices (N,) (one-hot inside). Default reduction 'none':
    output shape (N,).
    https://www.mindspore.cn/docs/zh-CN/r2.7.1/api_python/nn/mindspore.nn.SoftmaxCrossEntropyWithLogits.html"""

    def __init__(self, sparse=False, reduction='none', is_grad=None):
        # is_grad: MindSpore 1.x's argument, accepted and ignored (as 2.x's
        # compatibility shims do; the gradient comes from autodiff).
        super().__init__(reduction)
        if not isinstance(sparse, bool):
            raise TypeError(f"For 'SoftmaxCrossEntropyWithLogits', the 'sparse' must be bool, but got "
                            f"{type(sparse).__name__}.")
        self.sparse = sparse

    def construct(self, logits, labels):
        name = 'SoftmaxCrossEntropyWithLogits'
        _check_input_tensor(name, 'logits', logits)
        _check_input_tensor(name, 'labels', labels)
        if logits.ndim != 2:
            raise ValueError(f"For '{name}', the 'logits' must be 2-D (N, C), but got shape {tuple(logits.shape)}.")
        if logits.dtype not in mstype.float_type:
            raise TypeError(f"For '{name}', the dtype of 'logits' must be float, but got {logits.dtype}.")
        if self.sparse:
            if not LF._is_int(labels):
                raise TypeError(f"For '{name}', the 'labels' must be int32 or int64 when sparse is True, but got "
                                f"{labels.dtype}.")
            if tuple(labels.shape) != (logits.shape[0],):
                raise ValueError(f"For '{name}', the shape of 'labels' must be ({logits.shape[0]},) when sparse is "
                                 f"True, but got {tuple(labels.shape)}.")
            labels = _msc.prim('OneHot', labels, depth=logits.shape[-1], on_value=1.0, off_value=0.0, axis=-1,
                               dtype=logits.dtype)
        elif tuple(labels.shape) != tuple(logits.shape):
            raise ValueError(f"For '{name}', the shape of 'labels' {tuple(labels.shape)} must be the same as the "
                             f"shape of 'logits' {tuple(logits.shape)} when sparse is False.")
        logp = _msc.prim('LogSoftmax', logits, axis=-1)
        x = _msc.prim('Neg', _msc.prim('ReduceSum', _msc.prim('Mul', labels, logp), axis=-1, keep_dims=False))
        return self.get_loss(x)
