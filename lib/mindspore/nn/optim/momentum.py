"""mindspore.nn.Momentum (MindSpore 2.x, mindspore/nn/optim/momentum.py + the
ApplyMomentum kernel), per element:

    g = grad (+ weight_decay * param for names without 'beta'/'gamma') / loss_scale
    accum = momentum * accum + g
    param -= lr * (g + momentum * accum) (use_nesterov) or lr * accum

No dampening; learning_rate and momentum are required. State: 'momentum'
(float32 0-d) and 'moments.<name>' (zeros).
Source: https://mindspore.cn/docs/zh-CN/r2.5.0/_sources/api_python/nn/mindspore.nn.Momentum.rst.txt
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter
from mindspore.nn.optim.optimizer import Optimizer, clone_state


class Momentum(Optimizer):
    """SGD with momentum (see the module docstring)."""

    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0, use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if isinstance(momentum, int) and not isinstance(momentum, bool):
            momentum = float(momentum)
        if not isinstance(momentum, float):
            raise TypeError(f"For 'Momentum', the argument 'momentum' must be float type, but got "
                            f"{type(momentum).__name__}.")
        if momentum < 0.0:
            raise ValueError(f"For 'Momentum', the argument 'momentum' must be at least 0.0, but got {momentum}.")
        if not isinstance(use_nesterov, bool):
            raise TypeError(f"For 'Momentum', the 'use_nesterov' must be bool, but got {type(use_nesterov).__name__}.")
        self.use_nesterov = use_nesterov
        self.momentum = Parameter(_msc.fill((), momentum, mstype.float32, 'ms'), name='momentum',
                                  requires_grad=False)
        self.params = self._parameters
        self.moments = clone_state(self._parameters, 'moments', 'zeros')

    def construct(self, gradients):
        gradients = self._check_gradients(gradients)
        params = self._parameters
        gradients = self.flatten_gradients(gradients)
        gradients = self.decay_weight(gradients)
        gradients = self.gradients_centralization(gradients)
        gradients = self.scale_grad(gradients)
        lr0 = self.get_lr()
        for i in range(len(params)):
            p = params[i]
            g = gradients[i]
            lr = self._lr_at(lr0, i)
            accum = _msc.prim('Add', _msc.prim('Mul', self.moments[i], self.momentum), g)
            _msc.assign(self.moments[i], accum)
            if self.use_nesterov:
                step = _msc.prim('Add', _msc.prim('Mul', g, lr), _msc.prim('Mul', _msc.prim('Mul', accum, self.momentum), lr))
            else:
                step = _msc.prim('Mul', accum, lr)
            _msc.assign(p, _msc.prim('Sub', p, step))
        return self._success()
