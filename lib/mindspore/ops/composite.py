"""mindspore.ops.composite: automatic differentiation — ops.GradOperation,
ms.grad / ops.grad, ms.value_and_grad / ops.value_and_grad, and
ops.stop_gradient.

All of them end in one native, `_msc.grad_call(fn, args, kwargs,
positions, weights, sens, has_aux) -> (value, input_grads, weight_grads)`
(eval/autodiff.c): fn's forward is recorded as IR and passes/grad.c
appends its reverse-mode derivative, so the gradient runs wherever the
forward would: eagerly in PyNative (trace, then the reference executor),
inlined into the graph being compiled inside @ms.jit or a GRAPH_MODE
construct, and — called from the script in GRAPH_MODE — compiled into a
graph of its own (each gradient function is a jit function there).

Return structures (SEMANTICS.md §6, MindSpore 2.x):
  grad(fn, grad_position=0, weights=None, has_aux=False)
    int position -> one Tensor; tuple -> tuple; None -> no input part;
    weights a Parameter -> one Tensor, a sequence -> tuple;
    both parts -> (inputs part, weights part); has_aux -> (grads, (aux...)).
  value_and_grad(...) -> (value, grads), value = fn's whole output.
  GradOperation(get_all, get_by_list, sens_param)(fn[, weights])(*args[, sens])
    default: the first input's gradient; get_all: tuple over the Tensor
    inputs; get_by_list: tuple over weights; both: (inputs, weights).
When fn returns several outputs (and has_aux is False) the gradient is of
their sum weighted by sens (ones by default), as MindSpore computes it.
"""
import _msc
from mindspore import context as _context
from mindspore.common.parameter import Parameter, ParameterTuple

__all__ = ['GradOperation', 'grad', 'value_and_grad', 'stop_gradient']


def _graph_toplevel():
    return _context._context['mode'] == _context.GRAPH_MODE and not _msc.capturing()


def _check_positions(fname, grad_position):
    if grad_position is None:
        return None
    if isinstance(grad_position, bool):
        raise TypeError(f"For '{fname}', the 'grad_position' must be int or tuple of int, but got bool.")
    if isinstance(grad_position, int):
        if grad_position < 0:
            raise ValueError(f"For '{fname}', the 'grad_position' must be non-negative, but got {grad_position}.")
        return grad_position
    if isinstance(grad_position, (tuple, list)):
        if len(grad_position) == 0:
            raise ValueError(f"For '{fname}', the 'grad_position' must not be empty.")
        for p in grad_position:
            if isinstance(p, bool) or not isinstance(p, int):
                raise TypeError(f"For '{fname}', the 'grad_position' must be int or tuple of int, but got "
                                f"an element of type {type(p).__name__}.")
            if p < 0:
                raise ValueError(f"For '{fname}', the 'grad_position' must be non-negative, but got {p}.")
        return tuple(grad_position)
    raise TypeError(f"For '{fname}', the 'grad_position' must be int or tuple of int, but got "
                    f"{type(grad_position).__name__}.")


def _check_weights(fname, weights):
    """(tuple of Parameters, single?) for a weights argument."""
    if weights is None:
        return None, False
    if isinstance(weights, Parameter):
        return (weights,), True
    if isinstance(weights, (ParameterTuple, tuple, list)):
        items = tuple(weights)
        for w in items:
            if not isinstance(w, Parameter):
                raise TypeError(f"For '{fname}', the 'weights' must be a Parameter, a ParameterTuple or a list of "
                                f"Parameters, but got an element of type {type(w).__name__}.")
        return items, False
    raise TypeError(f"For '{fname}', the 'weights' must be a Parameter, a ParameterTuple or a list of Parameters, "
                    f"but got {type(weights).__name__}.")


class _GradFunction:
    """The gradient function grad/value_and_grad/GradOperation return."""

    def __init__(self, fn, fname, kind, grad_position, weights, single_weight, has_aux, sens_param, with_value):
        self.fn = fn
        self.fname = fname
        self.kind = kind                  # 'grad' (ms.grad/value_and_grad) or 'gradop'
        self.grad_position = grad_position  # int, tuple, None; gradop: 'first' or 'all'
        self.weights = weights            # tuple of Parameters or None
        self.single_weight = single_weight
        self.has_aux = has_aux
        self.sens_param = sens_param
        self.with_value = with_value
        self._gid = None

    def __call__(self, *args, **kwargs):
        if _graph_toplevel():
            if self._gid is None:
                name = getattr(self.fn, '__name__', None)
                if name is None:
                    name = type(self.fn).__name__
                self._gid = _msc.jit_new(self._run, 'ast', '', 'grad_' + name)
            return _msc.jit_call(self._gid, args, kwargs)
        return self._run(*args, **kwargs)

    def _positions(self, args):
        n = len(args)
        if self.kind == 'gradop':
            if self.grad_position == 'first':
                if n == 0:
                    raise ValueError("For 'GradOperation', the function has no input to differentiate: give it an "
                                     "input or use get_by_list=True with weights.")
                return (0,)
            if self.grad_position == 'all':
                return tuple(i for i in range(n) if _msc.is_tensor(args[i]))
            return ()
        p = self.grad_position
        if p is None:
            return ()
        ps = (p,) if isinstance(p, int) else p
        for i in ps:
            if i >= n:
                raise ValueError(f"For '{self.fname}', the 'grad_position' {i} is out of range: the function is "
                                 f"called with {n} positional argument{'s' if n != 1 else ''}.")
        # MindSpore (PyNative's GetInputGrad: "Tuple, List, scalar will be
        # ignore") differentiates the positions that hold Tensors only: a
        # Python number there is skipped, its gradient left out of the result
        return tuple(i for i in ps if _msc.is_tensor(args[i]))

    def _run(self, *args, **kwargs):
        sens = None
        if self.sens_param:
            if len(args) == 0:
                raise TypeError(f"For '{self.fname}' with sens_param=True, the last argument must be the sens "
                                "(the output's gradient), but no argument was given.")
            sens = args[-1]
            args = args[:-1]
        positions = self._positions(args)
        weights = self.weights if self.weights is not None else ()
        value, gin, gw = _msc.grad_call(self.fn, args, kwargs, positions, weights, sens, self.has_aux)
        if self.kind == 'gradop':
            if self.grad_position == 'first':
                res = gin[0]
                if self.weights is not None:
                    res = gw
            elif self.grad_position == 'all':
                res = gin
                if self.weights is not None:
                    res = (gin, gw)
            else:
                res = gw
            return res
        p = self.grad_position
        ipart = None
        if p is not None:
            ipart = (gin[0] if gin else ()) if isinstance(p, int) else gin
        wpart = None
        if self.weights is not None:
            wpart = gw[0] if self.single_weight else gw
        if ipart is not None and wpart is not None:
            res = (ipart, wpart)
        elif ipart is not None:
            res = ipart
        else:
            res = wpart
        if self.with_value:
            return value, res
        if self.has_aux:
            return res, tuple(value[1:])
        return res


def grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False):
    """The gradient function of fn (see the module docstring)."""
    return _make('grad', fn, grad_position, weights, has_aux, return_ids, False)


def value_and_grad(fn, grad_position=0, weights=None, has_aux=False, return_ids=False):
    """A function returning (fn's output, its gradient) (see the module docstring)."""
    return _make('value_and_grad', fn, grad_position, weights, has_aux, return_ids, True)


def _make(fname, fn, grad_position, weights, has_aux, return_ids, with_value):
    if not callable(fn):
        raise TypeError(f"For '{fname}', the 'fn' must be a function or a Cell, but got {type(fn).__name__}.")
    if return_ids:
        raise NotImplementedError(f"For '{fname}', return_ids=True is not supported by msc yet.")
    if not isinstance(has_aux, bool):
        raise TypeError(f"For '{fname}', the 'has_aux' must be bool, but got {type(has_aux).__name__}.")
    pos = _check_positions(fname, grad_position)
    ws, single = _check_weights(fname, weights)
    if pos is None and ws is None:
        raise ValueError(f"For '{fname}', 'grad_position' and 'weights' can not be None at the same time.")
    return _GradFunction(fn, fname, 'grad', pos, ws, single, has_aux, False, with_value)


class GradOperation:
    """ops.GradOperation(get_all=False, get_by_list=False, sens_param=False)."""

    def __init__(self, get_all=False, get_by_list=False, sens_param=False):
        for name, v in (('get_all', get_all), ('get_by_list', get_by_list), ('sens_param', sens_param)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'GradOperation', the '{name}' must be bool, but got {type(v).__name__}.")
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param

    def __call__(self, fn, weights=None):
        if not callable(fn):
            raise TypeError(f"For 'GradOperation', the function to differentiate must be a function or a Cell, but "
                            f"got {type(fn).__name__}.")
        ws = None
        if self.get_by_list:
            if weights is None:
                raise TypeError("For 'GradOperation' with get_by_list=True, the weights (a ParameterTuple or a list "
                                "of Parameters) must be given: grad_op(net, weights).")
            ws, single = _check_weights('GradOperation', weights)
        pos = 'all' if self.get_all else ('first' if not self.get_by_list else None)
        if self.get_all and self.get_by_list:
            pos = 'all'
        return _GradFunction(fn, 'GradOperation', 'gradop', pos, ws, False, False, self.sens_param, False)


def stop_gradient(value):
    """value, with no gradient flowing back through it (a tuple/list: each element)."""
    if isinstance(value, (tuple, list)):
        items = [stop_gradient(v) for v in value]
        return tuple(items) if isinstance(value, tuple) else items
    if _msc.is_tensor(value):
        return _msc.prim("StopGradient", value)
    return value
