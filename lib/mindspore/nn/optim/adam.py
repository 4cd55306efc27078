"""mindspore.nn.Adam and nn.AdamWeightDecay (MindSpore 2.x, mindspore/nn/optim/adam.py).

Adam (construct + the Adam kernel, plugin/device/cpu/kernel/adam_cpu_kernel.cc):

    g = grad (+ weight_decay * param for names without 'beta'/'gamma') / loss_scale
    beta1_power *= beta1; beta2_power *= beta2          (before the update: step t uses beta^t)
    m += (g - m) * (1 - beta1)
    v += (g * g - v) * (1 - beta2)
    l = lr * sqrt(1 - beta2_power) / (1 - beta1_power)
    param -= l * m / (sqrt(v) + eps)                    (eps added to sqrt(v), not to sqrt(v_hat))
    use_nesterov: param -= l * (beta1 * m + (1 - beta1) * g) / (sqrt(v) + eps)

State: 'beta1_power', 'beta2_power' (float32 0-d, initially 1), 'moment1.<name>',
'moment2.<name>' (zeros). use_amsgrad/use_lazy/use_offload are not supported.
Sources: https://mindspore.cn/docs/zh-CN/r2.5.0/api_python/ops/mindspore.ops.Adam.html ;
https://www.mindspore.cn/docs/en/stable/api_python/nn/mindspore.nn.Adam.html

AdamWeightDecay (decoupled weight decay, no bias correction; adam.py `_update_run_op`):

    m = beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g * g
    update = m / (eps + sqrt(v)) (+ weight_decay * param for names without 'beta'/'gamma')
    param -= lr * update

State: 'adam_m.<name>', 'adam_v.<name>' (zeros). eps defaults to 1e-6.
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter
from mindspore.nn.optim.optimizer import Optimizer, clone_state

Tensor = _msc.Tensor


def _check_param_value(beta1, beta2, eps, prim_name):
    for name, v in (('beta1', beta1), ('beta2', beta2), ('eps', eps)):
        if not isinstance(v, float):
            raise TypeError(f"For '{prim_name}', the '{name}' must be a float, but got {type(v).__name__}.")
    for name, v in (('beta1', beta1), ('beta2', beta2)):
        if v <= 0.0 or v >= 1.0:
            raise ValueError(f"For '{prim_name}', the '{name}' must be in range (0.0, 1.0), but got {v}.")
    if eps <= 0.0:
        raise ValueError(f"For '{prim_name}', the 'eps' must be greater than 0, but got {eps}.")


def _f32(v):
    return _msc.fill((), v, mstype.float32, 'ms')


class Adam(Optimizer):
    """Adam with MindSpore's update (see the module docstring)."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(beta1, beta2, eps, 'Adam')
        for name, v in (('use_locking', use_locking), ('use_nesterov', use_nesterov), ('use_amsgrad', use_amsgrad)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'Adam', the '{name}' must be bool, but got {type(v).__name__}.")
        if use_amsgrad:
            raise ValueError("For 'Adam', msc does not support 'use_amsgrad' True.")
        for k in kwargs:
            if k not in ('use_lazy', 'use_offload'):
                raise TypeError(f"For 'Adam', got an unexpected keyword argument '{k}'.")
            if kwargs[k]:
                raise ValueError(f"For 'Adam', msc does not support '{k}' True.")
        self.beta1 = _f32(beta1)
        self.beta2 = _f32(beta2)
        self.eps = _f32(eps)
        self.use_nesterov = use_nesterov
        self.use_locking = use_locking
        self.use_amsgrad = use_amsgrad
        self.beta1_power = Parameter(_f32(1.0), name='beta1_power', requires_grad=False)
        self.beta2_power = Parameter(_f32(1.0), name='beta2_power', requires_grad=False)
        self.moment1 = clone_state(self._parameters, 'moment1', 'zeros')
        self.moment2 = clone_state(self._parameters, 'moment2', 'zeros')

    def construct(self, gradients):
        gradients = self._check_gradients(gradients)
        params = self._parameters
        gradients = self.flatten_gradients(gradients)
        gradients = self.decay_weight(gradients)
        gradients = self.gradients_centralization(gradients)
        gradients = self.scale_grad(gradients)
        lr = self.get_lr()
        beta1_power = _msc.prim('Mul', self.beta1_power, self.beta1)
        _msc.assign(self.beta1_power, beta1_power)
        beta2_power = _msc.prim('Mul', self.beta2_power, self.beta2)
        _msc.assign(self.beta2_power, beta2_power)
        one_m_b1 = _msc.prim('Sub', 1.0, self.beta1)
        one_m_b2 = _msc.prim('Sub', 1.0, self.beta2)
        lr_scale = _msc.prim('RealDiv', _msc.prim('Sqrt', _msc.prim('Sub', 1.0, beta2_power)),
                             _msc.prim('Sub', 1.0, beta1_power))
        new_lr0 = _msc.prim('Mul', lr, lr_scale)
        for i in range(len(params)):
            new_lr = _msc.prim('Mul', self._lr_at(lr, i), lr_scale) if self.is_group_lr else new_lr0
            p = params[i]
            g = gradients[i]
            m = self.moment1[i]
            v = self.moment2[i]
            m_new = _msc.prim('Add', m, _msc.prim('Mul', _msc.prim('Sub', g, m), one_m_b1))
            v_new = _msc.prim('Add', v, _msc.prim('Mul', _msc.prim('Sub', _msc.prim('Mul', g, g), v), one_m_b2))
            denom = _msc.prim('Add', _msc.prim('Sqrt', v_new), self.eps)
            if self.use_nesterov:
                num = _msc.prim('Add', _msc.prim('Mul', m_new, self.beta1), _msc.prim('Mul', g, one_m_b1))
            else:
                num = m_new
            _msc.assign(m, m_new)
            _msc.assign(v, v_new)
            _msc.assign(p, _msc.prim('Sub', p, _msc.prim('Mul', new_lr, _msc.prim('RealDiv', num, denom))))
        return self._success()


class AdamWeightDecay(Optimizer):
    """Adam with decoupled weight decay and no bias correction (see the module docstring)."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_param_value(beta1, beta2, eps, 'AdamWeightDecay')
        self.beta1 = _f32(beta1)
        self.beta2 = _f32(beta2)
        self.eps = _f32(eps)
        self.moments1 = clone_state(self._parameters, 'adam_m', 'zeros')
        self.moments2 = clone_state(self._parameters, 'adam_v', 'zeros')

    def construct(self, gradients):
        gradients = self._check_gradients(gradients)
        params = self._parameters
        gradients = self.flatten_gradients(gradients)
        weight_decay = self.get_weight_decay()
        lr = self.get_lr()
        one_m_b1 = _msc.prim('Sub', 1.0, self.beta1)
        one_m_b2 = _msc.prim('Sub', 1.0, self.beta2)
        for i in range(len(params)):
            p = params[i]
            g = gradients[i]
            m = self.moments1[i]
            v = self.moments2[i]
            m_new = _msc.prim('Add', _msc.prim('Mul', self.beta1, m), _msc.prim('Mul', one_m_b1, g))
            v_new = _msc.prim('Add', _msc.prim('Mul', self.beta2, v), _msc.prim('Mul', one_m_b2, _msc.prim('Square', g)))
            update = _msc.prim('RealDiv', m_new, _msc.prim('Add', self.eps, _msc.prim('Sqrt', v_new)))
            wd = self._wd_at(i)
            if self.decay_flags[i] and wd > 0.0:
                update = _msc.prim('Add', _msc.prim('Mul', p, wd), update)
            _msc.assign(m, m_new)
            _msc.assign(v, v_new)
            _msc.assign(p, _msc.prim('Sub', p, _msc.prim('Mul', self._lr_at(lr, i), update)))
        return self._success()
