"""mindspore.vmap (MindSpore 2.x: `vmap(fn, in_axes=0, out_axes=0)`).

msc vectorises by running fn once per index of the mapped axis and stacking
the results (MindSpore pushes the batch axis into each primitive through its
VmapRules: the results are the same; the per-index calls unroll in a graph).
in_axes: an int (every positional argument) or a tuple/list with an int or
None per argument (None: passed whole to each call; a nested tuple maps the
elements of a tuple argument); out_axes: an int or one per output.
https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/mindspore.vmap.html
"""
import _msc
from mindspore.ops import functional as F

Tensor = _msc.Tensor


def _check_axes(name, axes):
    if axes is None or (isinstance(axes, int) and not isinstance(axes, bool)):
        return
    if isinstance(axes, (tuple, list)):
        for a in axes:
            _check_axes(name, a)
        return
    raise RuntimeError(f"For 'vmap', the elements of '{name}' must be None or int, but got "
                       f"{type(axes).__name__}.")


def _axis_size(arg, ax, sizes):
    if ax is None:
        return
    if isinstance(arg, (tuple, list)):
        axes = ax if isinstance(ax, (tuple, list)) else [ax] * len(arg)
        for a, x in zip(axes, arg):
            _axis_size(x, a, sizes)
        return
    if not isinstance(arg, Tensor):
        raise ValueError(f"For 'vmap', an argument mapped along axis {ax} must be a Tensor, but got "
                         f"{type(arg).__name__}.")
    if ax < -arg.ndim or ax >= arg.ndim:
        raise RuntimeError(f"For 'vmap', the axis {ax} is out of range [{-arg.ndim}, {arg.ndim}) of an argument "
                           f"of shape {arg.shape}.")
    sizes.append(arg.shape[ax % arg.ndim])


def _take(arg, ax, i):
    if ax is None:
        return arg
    if isinstance(arg, (tuple, list)):
        axes = ax if isinstance(ax, (tuple, list)) else [ax] * len(arg)
        out = [_take(x, a, i) for x, a in zip(arg, axes)]
        return tuple(out) if isinstance(arg, tuple) else out
    a = ax % arg.ndim
    return F.squeeze(F._slice_axis(arg, a, i, i + 1), a)


def _stack_out(outs, ax, n):
    first = outs[0]
    if isinstance(first, (tuple, list)):
        axes = ax if isinstance(ax, (tuple, list)) else [ax] * len(first)
        if len(axes) != len(first):
            raise RuntimeError(f"For 'vmap', the 'out_axes' must have one element per output ({len(first)}), "
                               f"but got {ax}.")
        res = [_stack_out([o[k] for o in outs], axes[k], n) for k in range(len(first))]
        return tuple(res) if isinstance(first, tuple) else res
    if ax is None:
        return first
    if not isinstance(first, Tensor):
        first_t = [Tensor(o) for o in outs]
    else:
        first_t = outs
    nd = first_t[0].ndim + 1
    if ax < -nd or ax >= nd:
        raise RuntimeError(f"For 'vmap', the 'out_axes' {ax} is out of range [{-nd}, {nd}).")
    return F.stack(first_t, ax % nd)


def vmap(fn, in_axes=0, out_axes=0):
    """fn mapped over the axes in_axes of its arguments; the results stacked
    along out_axes."""
    _check_axes('in_axes', in_axes)
    _check_axes('out_axes', out_axes)

    def mapped(*args):
        if isinstance(in_axes, (tuple, list)):
            if len(in_axes) != len(args):
                raise RuntimeError(f"For 'vmap', the length of 'in_axes' ({len(in_axes)}) must equal the number of "
                                   f"arguments ({len(args)}).")
            axes = list(in_axes)
        else:
            axes = [in_axes] * len(args)
        sizes = []
        for a, x in zip(axes, args):
            _axis_size(x, a, sizes)
        if not sizes:
            raise RuntimeError("For 'vmap', at least one argument must be mapped (an 'in_axes' element not None).")
        n = sizes[0]
        for s in sizes:
            if s != n:
                raise ValueError(f"For 'vmap', the mapped axes of the arguments must have the same size, but got "
                                 f"{sizes}.")
        outs = []
        for i in range(n):
            outs.append(fn(*[_take(x, a, i) for x, a in zip(args, axes)]))
        return _stack_out(outs, out_axes, n)

    return mapped
