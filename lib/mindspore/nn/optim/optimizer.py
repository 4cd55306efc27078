"""mindspore.nn.optim.optimizer: Optimizer, the base class of the optimizers
(MindSpore 2.x, mindspore/nn/optim/optimizer.py).

An optimizer is a Cell holding:
- `parameters` (and `_parameters`): the ParameterTuple of the Parameters it
  updates (also registered as the Cell's parameters under their own names,
  as MindSpore's ParameterTuple attribute does);
- `learning_rate`: a Parameter named 'learning_rate' (float32, 0-d) made from
  a number or a 0-d Tensor, or the user's own Parameter; a 1-D Tensor or a
  list/tuple of numbers is a dynamic learning rate (step i uses element i,
  the last one after the end), read at `global_step`;
- `global_step`: Parameter int32 (1,) named 'global_step', advanced by get_lr()
  when the learning rate is dynamic;
- `decay_flags`: True for the parameters whose names contain neither 'beta'
  nor 'gamma' (MindSpore's default weight-decay filter);
- `weight_decay` = weight_decay * loss_scale (applied to the gradient before
  scale_grad divides it by loss_scale, as MindSpore does).

State of the subclasses (moments, beta powers, ...) are Parameters of the
optimizer Cell with MindSpore's names; construct(gradients) updates them and
the parameters with ops.assign (Assign nodes when captured in a graph), so it
works eagerly, as its own GRAPH_MODE graph, and inlined into a @jit step.
Parameters may be any iterable of Parameters (a list, a tuple, a
`filter(...)`, a generator), or parameter groups: a list of dicts with
'params' and optionally 'lr', 'weight_decay' (per group) and
'grad_centralization' (accepted; msc does not centralise), plus an
optional {'order_params': [...]} giving the order of the parameters. In
group mode `learning_rate` is, per parameter, the group's 'lr' Parameter
(named learning_rate_group_<k>) or the common one, and the weight decay of
each parameter is its group's (every parameter of a group with a
weight_decay > 0 decays, as MindSpore).
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter, ParameterTuple
from mindspore.nn.cell import Cell

Tensor = _msc.Tensor


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _zeros_like_param(p, prefix, value):
    return Parameter(_msc.fill(tuple(p.shape), value, p.dtype, 'ms'), name=prefix + '.' + p.name,
                     requires_grad=p.requires_grad)


def clone_state(params, prefix, init='zeros'):
    """A ParameterTuple of new Parameters shaped like params, named
    prefix + '.' + name, filled with 0 ('zeros') or 1 ('ones') (MindSpore's
    ParameterTuple.clone(prefix, init))."""
    value = 0 if init == 'zeros' else 1
    return ParameterTuple([_zeros_like_param(p, prefix, value) for p in params])


class Optimizer(Cell):
    """Base class of the optimizers (see the module docstring)."""

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        name = self.cls_name
        self.is_group = False
        params = self._check_parameters(parameters, learning_rate, weight_decay)
        if isinstance(loss_scale, int) and not isinstance(loss_scale, bool):
            loss_scale = float(loss_scale)
        if not isinstance(loss_scale, float):
            raise TypeError(f"For '{name}', the 'loss_scale' must be a float, but got {type(loss_scale).__name__}.")
        if loss_scale <= 0.0:
            raise ValueError(f"For '{name}', the 'loss_scale' must be greater than 0, but got {loss_scale}.")
        if not _is_number(weight_decay):
            raise TypeError(f"For '{name}', the 'weight_decay' must be a float or an int, but got "
                            f"{type(weight_decay).__name__}.")
        if weight_decay < 0:
            raise ValueError(f"For '{name}', the 'weight_decay' must be at least 0.0, but got {weight_decay}.")
        self.loss_scale = loss_scale
        self.need_scale = loss_scale != 1.0
        self.reciprocal_scale = 1.0 / loss_scale
        self.weight_decay = float(weight_decay) * loss_scale
        self.exec_weight_decay = weight_decay > 0
        self.dynamic_lr = False
        self.is_group_lr = False
        self.learning_rate = self._make_lr(learning_rate)
        self.global_step = Parameter(_msc.fill((1,), 0, mstype.int32, 'ms'), name='global_step',
                                     requires_grad=False)
        self.parameters = ParameterTuple(params)
        object.__setattr__(self, '_parameters', self.parameters)
        self.decay_flags = tuple([('beta' not in p.name and 'gamma' not in p.name) for p in params])
        if self.is_group:
            self._setup_groups(params, loss_scale)

    def _setup_groups(self, params, loss_scale):
        lrs = []
        group_lr = {}
        for p in params:
            g = self._param_group[p.name]
            if 'lr' in g:
                k = g['_index']
                if k not in group_lr:
                    lr_v = g['lr']
                    group_lr[k] = Parameter(_msc.fill((), float(lr_v), mstype.float32, 'ms'),
                                            name='learning_rate_group_' + str(k), requires_grad=False)
                    self.is_group_lr = True
                lrs.append(group_lr[k])
            else:
                lrs.append(self.learning_rate)
        if self.is_group_lr:
            self.group_lr = ParameterTuple([group_lr[k] for k in group_lr])
            object.__setattr__(self, '_lr_list', tuple(lrs))
        wds = []
        for p in params:
            g = self._param_group[p.name]
            wd = float(g.get('weight_decay', self._default_wd)) * loss_scale
            wds.append(wd)
        self.group_weight_decay = tuple(wds)
        self.decay_flags = tuple([wd > 0 for wd in wds])
        self.exec_weight_decay = any(self.decay_flags)

    def _lr_at(self, lr, i):
        """The learning rate of parameter i (its group's in group mode)."""
        if self.is_group_lr:
            return self._lr_list[i]
        return lr

    def _wd_at(self, i):
        return self.group_weight_decay[i] if self.is_group else self.weight_decay

    def _check_parameters(self, parameters, learning_rate=None, weight_decay=0.0):
        name = self.cls_name
        object.__setattr__(self, '_default_wd', weight_decay)
        if isinstance(parameters, Parameter):
            raise TypeError(f"For '{name}', the 'parameters' must be a list of Parameter, but got a Parameter.")
        if isinstance(parameters, (list, tuple, ParameterTuple)):
            params = list(parameters)
        elif isinstance(parameters, (str, dict, Tensor)) or not hasattr(parameters, '__iter__'):
            raise TypeError(f"For '{name}', the 'parameters' must be an iterable of Parameter or of dict, but got "
                            f"{type(parameters).__name__}.")
        else:
            params = list(parameters)
        if not params:
            raise ValueError(f"For '{name}', the argument 'parameters' must not be empty.")
        if isinstance(params[0], dict):
            params = self._flatten_groups(params)
        names = set()
        for p in params:
            if isinstance(p, dict):
                raise TypeError(f"For '{name}', the 'parameters' must be all Parameters or all dicts (groups), but "
                                "got a mix.")
            if not isinstance(p, Parameter):
                raise TypeError(f"For '{name}', each element of 'parameters' must be a Parameter, but got "
                                f"{type(p).__name__}.")
            if p.name in names:
                raise ValueError(f"For '{name}', the 'parameters' must not contain two Parameters with the same name, "
                                 f"but got '{p.name}' twice.")
            names.add(p.name)
        return params

    def _flatten_groups(self, groups):
        """The parameters of group dicts, in 'order_params' order when given;
        each parameter's group options in self._param_group."""
        name = self.cls_name
        param_group = {}
        params = []
        order = None
        k = 0
        for g in groups:
            if not isinstance(g, dict):
                raise TypeError(f"For '{name}', the parameter groups must be all dicts, but got "
                                f"{type(g).__name__}.")
            if 'order_params' in g:
                if len(g) != 1:
                    raise ValueError(f"For '{name}', the 'order_params' group must hold only 'order_params'.")
                order = list(g['order_params'])
                continue
            if 'params' not in g:
                raise ValueError(f"For '{name}', each parameter group must have the key 'params'.")
            for key in g:
                if key not in ('params', 'lr', 'weight_decay', 'grad_centralization'):
                    raise ValueError(f"For '{name}', the key of a parameter group must be one of 'params', 'lr', "
                                     f"'weight_decay', 'grad_centralization' or 'order_params', but got '{key}'.")
            if 'lr' in g and not _is_number(g['lr']):
                raise TypeError(f"For '{name}', msc supports a number as a group's 'lr', but got "
                                f"{type(g['lr']).__name__}.")
            if 'weight_decay' in g and (not _is_number(g['weight_decay']) or g['weight_decay'] < 0):
                raise ValueError(f"For '{name}', a group's 'weight_decay' must be a number >= 0, but got "
                                 f"{g['weight_decay']}.")
            opts = {'_index': k}
            for key in g:
                if key != 'params':
                    opts[key] = g[key]
            k += 1
            for p in list(g['params']):
                if not isinstance(p, Parameter):
                    raise TypeError(f"For '{name}', the 'params' of a group must be Parameters, but got "
                                    f"{type(p).__name__}.")
                if p.name in param_group:
                    raise RuntimeError(f"For '{name}', the parameter {p.name} appears in more than one group.")
                param_group[p.name] = opts
                params.append(p)
        if order is not None:
            for p in order:
                if p.name not in param_group:
                    raise ValueError(f"For '{name}', the parameter {p.name} of 'order_params' is in no group.")
            if len(order) != len(params):
                raise ValueError(f"For '{name}', 'order_params' must list every grouped parameter once.")
            params = order
        object.__setattr__(self, '_param_group', param_group)
        self.is_group = True
        return params

    def _make_lr(self, learning_rate):
        name = self.cls_name
        lr = learning_rate
        if isinstance(lr, Parameter):
            if lr.ndim != 0:
                raise ValueError(f"For '{name}', a Parameter 'learning_rate' must be 0-d, but got shape "
                                 f"{tuple(lr.shape)}.")
            return lr
        if _is_number(lr):
            if lr < 0:
                raise ValueError(f"For '{name}', the 'learning_rate' must be at least 0.0, but got {lr}.")
            return Parameter(_msc.fill((), float(lr), mstype.float32, 'ms'), name='learning_rate',
                             requires_grad=False)
        if isinstance(lr, (list, tuple)):
            for v in lr:
                if not _is_number(v):
                    raise TypeError(f"For '{name}', a list 'learning_rate' must hold numbers, but got "
                                    f"{type(v).__name__}.")
            if not lr:
                raise ValueError(f"For '{name}', the 'learning_rate' list must not be empty.")
            lr = Tensor([float(v) for v in lr], mstype.float32)
        if isinstance(lr, Tensor):
            if lr.dtype not in mstype.float_type and lr.dtype not in mstype.int_type:
                raise TypeError(f"For '{name}', the 'learning_rate' Tensor must be float, but got {lr.dtype}.")
            if lr.ndim == 0:
                return Parameter(_msc.prim('Cast', lr, dtype=mstype.float32), name='learning_rate',
                                 requires_grad=False)
            if lr.ndim == 1:
                if lr.shape[0] == 0:
                    raise ValueError(f"For '{name}', the 'learning_rate' Tensor must not be empty.")
                self.dynamic_lr = True
                return Parameter(_msc.prim('Cast', lr, dtype=mstype.float32), name='learning_rate',
                                 requires_grad=False)
            raise ValueError(f"For '{name}', the 'learning_rate' Tensor must be 0-d (fixed) or 1-D (dynamic), but "
                             f"got shape {tuple(lr.shape)}.")
        raise TypeError(f"For '{name}', the 'learning_rate' must be a float, an int, a Tensor, a Parameter or a list "
                        f"of float, but got {type(learning_rate).__name__}.")

    # ---- helpers of construct -------------------------------------------------

    def _check_gradients(self, gradients):
        name = self.cls_name
        if not isinstance(gradients, (tuple, list)):
            raise TypeError(f"For '{name}', the 'gradients' must be a tuple of Tensor, but got "
                            f"{type(gradients).__name__}.")
        params = self._parameters
        if len(gradients) != len(params):
            raise ValueError(f"For '{name}', the number of gradients ({len(gradients)}) must equal the number of "
                             f"parameters ({len(params)}).")
        for i in range(len(params)):
            g = gradients[i]
            p = params[i]
            if not isinstance(g, Tensor):
                raise TypeError(f"For '{name}', gradient {i} must be a Tensor, but got {type(g).__name__}.")
            if tuple(g.shape) != tuple(p.shape):
                raise ValueError(f"For '{name}', the shape of gradient {i} {tuple(g.shape)} must be the same as the "
                                 f"shape of Parameter '{p.name}' {tuple(p.shape)}.")
        return tuple(gradients)

    def flatten_gradients(self, gradients):
        return gradients

    def gradients_centralization(self, gradients):
        return gradients

    def decay_weight(self, gradients):
        """g + weight_decay * param for the parameters of decay_flags (when weight_decay > 0)."""
        if not self.exec_weight_decay:
            return gradients
        params = self._parameters
        out = []
        for i in range(len(params)):
            g = gradients[i]
            if self.decay_flags[i]:
                g = _msc.prim('Add', g, _msc.prim('Mul', params[i], self._wd_at(i)))
            out.append(g)
        return tuple(out)

    def scale_grad(self, gradients):
        """gradients / loss_scale (when loss_scale != 1)."""
        if not self.need_scale:
            return gradients
        return tuple([_msc.prim('Mul', g, self.reciprocal_scale) for g in gradients])

    def get_weight_decay(self):
        return self.weight_decay

    def get_lr(self):
        """The learning rate of this step (a 0-d float32 Tensor); a dynamic
        learning rate is read at global_step, which advances by one."""
        if not self.dynamic_lr:
            return self.learning_rate
        n = self.learning_rate.shape[0]
        idx = _msc.prim('Minimum', self.global_step, n - 1)
        lr = _msc.prim('Reshape', _msc.prim('Gather', self.learning_rate, idx, axis=0), shape=())
        _msc.assign(self.global_step, _msc.prim('Add', self.global_step, 1))
        return lr

    def _success(self):
        return tuple([True for _ in range(len(self._parameters))])

    def construct(self, *hyper_params):
        raise NotImplementedError
