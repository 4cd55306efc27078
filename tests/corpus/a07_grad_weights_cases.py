# Conformance corpus (issue 19): a07_grad_weights_cases
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/mindspore.grad.html
# block:  Examples, "differentiated with both inputs and weights, there are 3 cases"
import numpy as np
from mindspore import Tensor, nn
from mindspore import grad

net = nn.Dense(10, 1)
loss_fn = nn.MSELoss()


def forward(inputs, labels):
    logits = net(inputs)
    loss = loss_fn(logits, labels)
    return loss, logits


inputs = Tensor(np.random.randn(16, 10).astype(np.float32))
labels = Tensor(np.random.randn(16, 1).astype(np.float32))
weights = net.trainable_params()
# Case 1: gradient with respect to inputs.
grad_fn = grad(forward, grad_position=0, weights=None, has_aux=True)
inputs_gradient, (aux_logits,) = grad_fn(inputs, labels)
print(aux_logits.shape)
# Case 2: gradient with respect to weights.
grad_fn = grad(forward, grad_position=None, weights=weights, has_aux=True)
params_gradient, (aux_logits,) = grad_fn(inputs, labels)
print(aux_logits.shape)
print(len(weights), len(params_gradient))
# Case 3: gradient with respect to inputs and weights.
grad_fn = grad(forward, grad_position=0, weights=weights, has_aux=False)
inputs_gradient, params_gradient = grad_fn(inputs, labels)
print(len(weights), len(params_gradient))
