"""mindspore.ops loss functionals (ops.mse_loss, ops.l1_loss, ops.binary_cross_entropy,
ops.binary_cross_entropy_with_logits, ops.cross_entropy, ops.nll_loss), built on
primitives; nn.*Loss (nn/loss/loss.py) call them.

Formulas (MindSpore 2.x, sources in each docstring):
- binary_cross_entropy: l = -w [y log(x + 1e-12) + (1 - y) log(1 - x + 1e-12)], as
  MindSpore's BinaryCrossEntropy CPU kernel (binary_cross_entropy_cpu_kernel.cc:
  `log(input_x[i] + epsilon)` with epsilon 1e-12); PyTorch clamps the logs at -100
  instead, so the two agree only away from x = 0 and x = 1.
- binary_cross_entropy_with_logits: the stable form
  (1 - y) x + (1 + (p - 1) y) (log1p(exp(-|x|)) + max(-x, 0)), times w
  (= -w [p y log sigmoid(x) + (1 - y) log(1 - sigmoid(x))]).
- cross_entropy / nll_loss: MindSpore's ops/function/nn_func.py `_nll_loss` and
  `_cross_entropy`: class indices -> -w[t] logp[t] with ignore_index masked out,
  'mean' = sum / sum of the weights of the kept targets; label smoothing adds
  ls / C * (-sum_c logp) (unweighted; 'mean' averages it over every target,
  ignored ones included, which is where MindSpore differs from PyTorch);
  probabilities -> -(logp * t * w).sum() / N for 'mean' (N = input.size / C).
"""
import _msc
from mindspore.common import dtype as mstype

Tensor = _msc.Tensor

__all__ = ['mse_loss', 'l1_loss', 'binary_cross_entropy', 'binary_cross_entropy_with_logits',
           'cross_entropy', 'nll_loss']

_REDUCTIONS = ('mean', 'sum', 'none')


def _check_reduction(op, reduction):
    if not isinstance(reduction, str) or reduction not in _REDUCTIONS:
        raise ValueError(f"For '{op}', the 'reduction' must be in ['mean', 'sum', 'none'], but got {reduction}.")


def _check_tensor(op, name, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(x).__name__}.")


def _check_float(op, name, x):
    if x.dtype not in mstype.float_type:
        raise TypeError(f"For '{op}', the dtype of '{name}' must be float16, float32 or float64, but got {x.dtype}.")


def _is_int(x):
    return x.dtype in mstype.int_type or x.dtype in mstype.uint_type


def _broadcast_shape(op, a, b, names):
    """The broadcast shape of a and b, or a ValueError naming both."""
    sa, sb = tuple(a.shape), tuple(b.shape)
    n = len(sa) if len(sa) > len(sb) else len(sb)
    sa = (1,) * (n - len(sa)) + sa
    sb = (1,) * (n - len(sb)) + sb
    out = []
    for i in range(n):
        if sa[i] == sb[i] or sb[i] == 1:
            out.append(sa[i])
        elif sa[i] == 1:
            out.append(sb[i])
        else:
            raise ValueError(f"For '{op}', the shape of '{names[0]}' {tuple(a.shape)} and the shape of "
                             f"'{names[1]}' {tuple(b.shape)} can not broadcast.")
    return tuple(out)


def _same_shape(op, a, b, names):
    if tuple(a.shape) != tuple(b.shape):
        raise ValueError(f"For '{op}', the shape of '{names[0]}' {tuple(a.shape)} must be the same as the shape of "
                         f"'{names[1]}' {tuple(b.shape)}.")


def _reduce(x, reduction):
    if reduction == 'mean':
        return _msc.prim('ReduceMean', x, axis=None, keep_dims=False)
    if reduction == 'sum':
        return _msc.prim('ReduceSum', x, axis=None, keep_dims=False)
    return x


def _select0(mask, x):
    """x with 0 where mask."""
    return _msc.prim('Select', mask, _msc.prim('ZerosLike', x), x)


# ---- regression losses ---------------------------------------------------------

def mse_loss(input, target, reduction='mean'):
    """(input - target)^2 (broadcasting), reduced.
    https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.mse_loss.html"""
    _check_tensor('mse_loss', 'input', input)
    _check_tensor('mse_loss', 'target', target)
    _check_reduction('mse_loss', reduction)
    _broadcast_shape('mse_loss', input, target, ('input', 'target'))
    return _reduce(_msc.prim('Square', _msc.prim('Sub', input, target)), reduction)


def l1_loss(input, target, reduction='mean'):
    """|input - target| (broadcasting), reduced.
    https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.l1_loss.html"""
    _check_tensor('l1_loss', 'input', input)
    _check_tensor('l1_loss', 'target', target)
    _check_reduction('l1_loss', reduction)
    _broadcast_shape('l1_loss', input, target, ('input', 'target'))
    return _reduce(_msc.prim('Abs', _msc.prim('Sub', input, target)), reduction)


# ---- binary cross entropy ----------------------------------------------------------

def binary_cross_entropy(logits, labels, weight=None, reduction='mean'):
    """-w [y log(x + 1e-12) + (1 - y) log(1 - x + 1e-12)] (MindSpore's kernel;
    logits are probabilities in [0, 1]); weight broadcasts against logits.
    https://mindspore.cn/docs/zh-CN/r2.0/api_python/ops/mindspore.ops.binary_cross_entropy.html"""
    op = 'binary_cross_entropy'
    _check_tensor(op, 'logits', logits)
    _check_tensor(op, 'labels', labels)
    _check_reduction(op, reduction)
    _check_float(op, 'logits', logits)
    _same_shape(op, logits, labels, ('logits', 'labels'))
    eps = 1e-12
    log_x = _msc.prim('Log', _msc.prim('Add', logits, eps))
    log_1mx = _msc.prim('Log', _msc.prim('Add', _msc.prim('Sub', 1.0, logits), eps))
    one_my = _msc.prim('Sub', 1.0, labels)
    loss = _msc.prim('Neg', _msc.prim('Add', _msc.prim('Mul', labels, log_x), _msc.prim('Mul', one_my, log_1mx)))
    if weight is not None:
        _check_tensor(op, 'weight', weight)
        _broadcast_shape(op, logits, weight, ('logits', 'weight'))
        loss = _msc.prim('Mul', loss, weight)
    return _reduce(loss, reduction)


def binary_cross_entropy_with_logits(logits, label, weight=None, pos_weight=None, reduction='mean'):
    """-w [p y log sigmoid(x) + (1 - y) log(1 - sigmoid(x))] in the stable form
    (1 - y) x + (1 + (p - 1) y) (log1p(exp(-|x|)) + max(-x, 0)); weight and
    pos_weight broadcast against logits (pos_weight along the last dim).
    https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.binary_cross_entropy_with_logits.html"""
    op = 'binary_cross_entropy_with_logits'
    _check_tensor(op, 'logits', logits)
    _check_tensor(op, 'label', label)
    _check_reduction(op, reduction)
    _check_float(op, 'logits', logits)
    _same_shape(op, logits, label, ('logits', 'label'))
    x = logits
    # log(1 + exp(-x)) = log1p(exp(-|x|)) + max(-x, 0)
    sp = _msc.prim('Add', _msc.prim('Log1p', _msc.prim('Exp', _msc.prim('Neg', _msc.prim('Abs', x)))),
                   _msc.prim('Maximum', _msc.prim('Neg', x), 0.0))
    lin = _msc.prim('Mul', _msc.prim('Sub', 1.0, label), x)
    if pos_weight is not None:
        _check_tensor(op, 'pos_weight', pos_weight)
        _broadcast_shape(op, logits, pos_weight, ('logits', 'pos_weight'))
        lw = _msc.prim('Add', _msc.prim('Mul', _msc.prim('Sub', pos_weight, 1.0), label), 1.0)
        loss = _msc.prim('Add', lin, _msc.prim('Mul', lw, sp))
    else:
        loss = _msc.prim('Add', lin, sp)
    if weight is not None:
        _check_tensor(op, 'weight', weight)
        _broadcast_shape(op, logits, weight, ('logits', 'weight'))
        loss = _msc.prim('Mul', loss, weight)
    return _reduce(loss, reduction)


# ---- cross entropy / nll ---------------------------------------------------------------

def _class_axis(op, name, inputs):
    if inputs.ndim == 0:
        raise ValueError(f"For '{op}', the '{name}' must have at least 1 dimension (the classes), but got a 0-d "
                         "Tensor.")
    return 0 if inputs.ndim == 1 else 1


def _check_weight(op, weight, n_classes):
    if weight is None:
        return
    _check_tensor(op, 'weight', weight)
    if weight.ndim != 1 or weight.shape[0] != n_classes:
        raise ValueError(f"For '{op}', the 'weight' must be a 1-D Tensor of size {n_classes} (the number of "
                         f"classes), but got shape {tuple(weight.shape)}.")


def _check_smoothing(op, label_smoothing):
    if not isinstance(label_smoothing, (int, float)) or isinstance(label_smoothing, bool) or \
            label_smoothing < 0.0 or label_smoothing > 1.0:
        raise ValueError(f"For '{op}', the 'label_smoothing' must be a float in range [0.0, 1.0], but got "
                         f"{label_smoothing}.")


def _check_index_target(op, inputs, target, cd):
    if not _is_int(target):
        raise TypeError(f"For '{op}', the 'target' of class indices must be int32 or int64, but got {target.dtype}.")
    want = tuple(inputs.shape[:cd]) + tuple(inputs.shape[cd + 1:])
    if tuple(target.shape) != want:
        raise ValueError(f"For '{op}', the shape of 'target' must be {want} for 'input' of shape "
                         f"{tuple(inputs.shape)}, but got {tuple(target.shape)}.")


def _nll(logp, target, cd, weight, ignore_index, reduction, label_smoothing):
    """MindSpore's _nll_loss on log-probabilities logp (class axis cd)."""
    n_classes = logp.shape[cd]
    t = _msc.prim('ExpandDims', target, axis=cd)
    mask = None
    if ignore_index is not None:
        mask = _msc.prim('Equal', t, ignore_index)
        t = _select0(mask, t)
    loss = _msc.prim('Neg', _msc.prim('GatherD', logp, t, axis=cd))
    smooth = None
    if label_smoothing > 0.0:
        smooth = _msc.prim('Neg', _msc.prim('ReduceSum', logp, axis=cd, keep_dims=True))
    if weight is not None:
        lw = _msc.prim('Cast', _msc.prim('Gather', weight, t, axis=0), dtype=loss.dtype)
        loss = _msc.prim('Mul', loss, lw)
    else:
        lw = _msc.prim('OnesLike', loss)
    if mask is not None:
        loss = _select0(mask, loss)
        lw = _select0(mask, lw)
        if smooth is not None:
            smooth = _select0(mask, smooth)
    loss = _msc.prim('Squeeze', loss, axis=(cd,))
    if smooth is not None:
        smooth = _msc.prim('Squeeze', smooth, axis=(cd,))
    if reduction == 'sum':
        loss = _msc.prim('ReduceSum', loss, axis=None, keep_dims=False)
        if smooth is not None:
            smooth = _msc.prim('ReduceSum', smooth, axis=None, keep_dims=False)
    elif reduction == 'mean':
        loss = _msc.prim('RealDiv', _msc.prim('ReduceSum', loss, axis=None, keep_dims=False),
                         _msc.prim('ReduceSum', lw, axis=None, keep_dims=False))
        if smooth is not None:
            smooth = _msc.prim('ReduceMean', smooth, axis=None, keep_dims=False)
    if smooth is None:
        return loss
    return _msc.prim('Add', _msc.prim('Mul', loss, 1.0 - label_smoothing),
                     _msc.prim('Mul', smooth, label_smoothing / n_classes))


def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0):
    """Negative log likelihood of log-probabilities inputs ((N, C, ...) or (C,))
    at the int class indices target ((N, ...) or ()).
    https://www.mindspore.cn/docs/en/r2.3.0/api_python/ops/mindspore.ops.nll_loss.html"""
    op = 'nll_loss'
    _check_tensor(op, 'inputs', inputs)
    _check_tensor(op, 'target', target)
    _check_reduction(op, reduction)
    _check_smoothing(op, label_smoothing)
    _check_float(op, 'inputs', inputs)
    cd = _class_axis(op, 'inputs', inputs)
    _check_index_target(op, inputs, target, cd)
    _check_weight(op, weight, inputs.shape[cd])
    return _nll(inputs, target, cd, weight, ignore_index, reduction, label_smoothing)


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0):
    """Cross entropy of logits input ((N, C, ...) or (C,)) against class
    indices (an int target of shape (N, ...)) or class probabilities (a float
    target of input's shape).
    https://mindspore.cn/docs/en/r2.4.0/api_python/ops/mindspore.ops.cross_entropy.html"""
    op = 'cross_entropy'
    _check_tensor(op, 'input', input)
    _check_tensor(op, 'target', target)
    _check_reduction(op, reduction)
    _check_smoothing(op, label_smoothing)
    _check_float(op, 'input', input)
    cd = _class_axis(op, 'input', input)
    n_classes = input.shape[cd]
    _check_weight(op, weight, n_classes)
    logp = _msc.prim('LogSoftmax', input, axis=cd)
    if _is_int(target):
        _check_index_target(op, input, target, cd)
        return _nll(logp, target, cd, weight, ignore_index, reduction, label_smoothing)
    if target.dtype not in mstype.float_type:
        raise TypeError(f"For '{op}', the 'target' must be int (class indices) or float (class probabilities), "
                        f"but got {target.dtype}.")
    _same_shape(op, input, target, ('input', 'target'))
    if label_smoothing > 0.0:
        target = _msc.prim('Add', _msc.prim('Mul', target, 1.0 - label_smoothing), label_smoothing / n_classes)
    prod = _msc.prim('Mul', logp, target)
    if weight is not None:
        wshape = [1] * input.ndim
        wshape[cd] = n_classes
        prod = _msc.prim('Mul', prod, _msc.prim('Reshape', weight, shape=tuple(wshape)))
    if reduction == 'mean':
        total = _msc.prim('ReduceSum', prod, axis=None, keep_dims=False)
        return _msc.prim('Neg', _msc.prim('RealDiv', total, float(input.size // n_classes)))
    if reduction == 'sum':
        return _msc.prim('Neg', _msc.prim('ReduceSum', prod, axis=None, keep_dims=False))
    return _msc.prim('Neg', _msc.prim('ReduceSum', prod, axis=cd, keep_dims=False))
