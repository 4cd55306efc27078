"""mindspore.nn.wrap.cell_wrapper: WithLossCell and TrainOneStepCell (MindSpore 2.x,
mindspore/nn/wrap/cell_wrapper.py).

WithLossCell(backbone, loss_fn): construct(data, label) = loss_fn(backbone(data), label).
WithEvalCell(network, loss_fn, add_cast_fp32=False): construct(data, label) =
    (loss_fn(network(data), label), network(data), label), Model.eval's eval_network.
TrainOneStepCell(network, optimizer, sens=None, return_grad=False): construct(*inputs)
    loss = network(*inputs)
    sens = fill(loss.dtype, loss.shape, sens)          (sens None -> 1.0)
    grads = GradOperation(get_by_list=True, sens_param=True)(network, optimizer.parameters)(*inputs, sens)
    optimizer(grads)
    return loss (and grads when return_grad)
Both are Cells with auto_prefix=False, so the wrapped network's parameter
names are unchanged. No gradient reducer (msc has no data parallelism).
"""
import _msc
from mindspore.nn.cell import Cell

Tensor = _msc.Tensor


class WithLossCell(Cell):
    """The backbone followed by the loss function."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        if not isinstance(backbone, Cell):
            raise TypeError(f"For 'WithLossCell', the 'backbone' must be a Cell, but got {type(backbone).__name__}.")
        if not isinstance(loss_fn, Cell):
            raise TypeError(f"For 'WithLossCell', the 'loss_fn' must be a Cell, but got {type(loss_fn).__name__}.")
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        out = self._backbone(data)
        return self._loss_fn(out, label)

    @property
    def backbone_network(self):
        return self._backbone


class TrainOneStepCell(Cell):
    """One training step: forward, gradients of the network's output with
    respect to the optimizer's parameters, optimizer update; returns the loss."""

    def __init__(self, network, optimizer, sens=None, return_grad=False):
        super().__init__(auto_prefix=False)
        from mindspore.nn.optim.optimizer import Optimizer
        from mindspore.ops.composite import GradOperation
        if not isinstance(network, Cell):
            raise TypeError(f"For 'TrainOneStepCell', the 'network' must be a Cell, but got {type(network).__name__}.")
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"For 'TrainOneStepCell', the 'optimizer' must be an nn.Optimizer, but got "
                            f"{type(optimizer).__name__}.")
        if sens is None:
            sens = 1.0
        if not isinstance(sens, (int, float)) or isinstance(sens, bool):
            raise TypeError(f"For 'TrainOneStepCell', the 'sens' must be a number, but got {type(sens).__name__}.")
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = self.optimizer.parameters
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.sens = float(sens)
        self.return_grad = return_grad
        self.reducer_flag = False

    def grad_reducer(self, grads):
        return grads

    def construct(self, *inputs):
        loss = self.network(*inputs)
        if not _msc.is_tensor(loss) or loss.size != 1:
            what = f"a Tensor of shape {tuple(loss.shape)}" if _msc.is_tensor(loss) else type(loss).__name__
            raise ValueError(f"For 'TrainOneStepCell', the network must return a scalar loss, but it returned "
                             f"{what}: reduce it (a loss with reduction='mean' or 'sum').")
        sens = _msc.fill(tuple(loss.shape), self.sens, loss.dtype, 'ms')
        grads = self.grad(self.network, self.weights)(*inputs, sens)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        if self.return_grad:
            return loss, grads
        return loss


class WithEvalCell(Cell):
    """The network's output with its loss: (loss, outputs, label)."""

    def __init__(self, network, loss_fn, add_cast_fp32=False):
        super().__init__(auto_prefix=False)
        if add_cast_fp32:
            raise NotImplementedError("msc: WithEvalCell(add_cast_fp32=True) is not supported.")
        self._network = network
        self._loss_fn = loss_fn

    def construct(self, data, label):
        outputs = self._network(data)
        return self._loss_fn(outputs, label), outputs, label
