"""mindspore.nn.SGD (MindSpore 2.x, mindspore/nn/optim/sgd.py + the SGD kernel,
plugin/device/cpu/kernel/sgd_cpu_kernel.cc), per element:

    g = grad / loss_scale (+ weight_decay * param, every parameter: the kernel's attr)
    if momentum > 0:
        accum = g on the first step (stat = 1, then set to 0),
                momentum * accum + (1 - dampening) * g afterwards
        g = g + momentum * accum (nesterov) or accum
    param -= lr * g

State: 'momentum' (float32 0-d), 'accum.<name>' (zeros), 'stat.<name>' (ones).
Source: https://mindspore.cn/docs/zh-CN/r2.5.0/_sources/api_python/nn/mindspore.nn.SGD.rst.txt
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter
from mindspore.nn.optim.optimizer import Optimizer, clone_state

Tensor = _msc.Tensor


def _float_arg(cls_name, name, v):
    if isinstance(v, int) and not isinstance(v, bool):
        v = float(v)
    if not isinstance(v, float):
        raise TypeError(f"For '{cls_name}', the argument '{name}' must be float type, but got {type(v).__name__}.")
    if v < 0.0:
        raise ValueError(f"For '{cls_name}', the argument '{name}' must be at least 0.0, but got {v}.")
    return v


class SGD(Optimizer):
    """Stochastic gradient descent with momentum, dampening and Nesterov
    (see the module docstring)."""

    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.exec_weight_decay = False
        momentum = _float_arg('SGD', 'momentum', momentum)
        dampening = _float_arg('SGD', 'dampening', dampening)
        wd = _float_arg('SGD', 'weight_decay', weight_decay)
        if not isinstance(nesterov, bool):
            raise TypeError(f"For 'SGD', the 'nesterov' must be bool, but got {type(nesterov).__name__}.")
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must equal "
                             f"to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}")
        self.dampening = dampening
        self.nesterov = nesterov
        self.sgd_weight_decay = wd
        self._momentum_value = momentum
        self.momentum = Parameter(_msc.fill((), momentum, mstype.float32, 'ms'), name='momentum',
                                  requires_grad=False)
        self.accum = clone_state(self._parameters, 'accum', 'zeros')
        self.stat = clone_state(self._parameters, 'stat', 'ones')

    def construct(self, gradients):
        gradients = self._check_gradients(gradients)
        params = self._parameters
        gradients = self.flatten_gradients(gradients)
        gradients = self.gradients_centralization(gradients)
        gradients = self.scale_grad(gradients)
        lr = self.get_lr()
        for i in range(len(params)):
            p = params[i]
            g = gradients[i]
            wd = self.group_weight_decay[i] if self.is_group else self.sgd_weight_decay
            if wd > 0.0:
                g = _msc.prim('Add', g, _msc.prim('Mul', p, wd))
            if self._momentum_value > 0.0:
                accum = self.accum[i]
                stat = self.stat[i]
                later = _msc.prim('Add', _msc.prim('Mul', accum, self.momentum),
                                  _msc.prim('Mul', g, 1.0 - self.dampening))
                new_accum = _msc.prim('Select', _msc.prim('Greater', stat, 0.0), g, later)
                _msc.assign(accum, new_accum)
                _msc.assign(stat, _msc.prim('ZerosLike', stat))
                if self.nesterov:
                    g = _msc.prim('Add', g, _msc.prim('Mul', new_accum, self.momentum))
                else:
                    g = new_accum
            _msc.assign(p, _msc.prim('Sub', p, _msc.prim('Mul', self._lr_at(lr, i), g)))
        return self._success()
