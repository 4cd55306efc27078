# train_net.py [run] — training graphs through MindIR (mindir_train.py):
# a TrainOneStepCell (Dense, sparse softmax cross-entropy, Momentum) and a
# network in training mode (BatchNorm1d updating its moving statistics) are
# exported with ms.export; ms.load + nn.GraphCell run them three times
# (their Parameters, the file's weights, are assigned from call to call),
# then save_checkpoint(graph_cell) writes the trained weights. The inputs,
# initial weights, losses/outputs and final weights are saved as .npy for
# the numpy reference (train_ref.py).
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(7)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 3)

    def construct(self, x):
        return self.fc(x)


class BnNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 6)
        self.bn = nn.BatchNorm1d(6)

    def construct(self, x):
        return ops.relu(self.bn(self.fc(x)))


x = np.random.randn(5, 4).astype(np.float32)
y = np.array([0, 1, 2, 1, 0], np.int32)
np.save('x.npy', x)
np.save('y.npy', y)

net = Net()
train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')),
                            nn.Momentum(net.trainable_params(), 0.1, 0.9))
train.set_train()
np.save('w0.npy', net.fc.weight.asnumpy())
np.save('b0.npy', net.fc.bias.asnumpy())
ms.export(train, Tensor(x), Tensor(y), file_name='train', file_format='MINDIR')

cell = nn.GraphCell(ms.load('train.mindir'))
print('params', [name for name, _ in cell.parameters_and_names()])
losses = [float(cell(Tensor(x), Tensor(y)).asnumpy()) for _ in range(3)]
np.save('losses.npy', np.array(losses, np.float32))
ms.save_checkpoint(cell, 'trained.ckpt')
# the network itself, trained the same three steps
own = [float(train(Tensor(x), Tensor(y)).asnumpy()) for _ in range(3)]
print('graphcell vs network', max(abs(a - b) for a, b in zip(losses, own)))

bn = BnNet()
bn.set_train(True)
np.save('bw0.npy', bn.fc.weight.asnumpy())
np.save('bb0.npy', bn.fc.bias.asnumpy())
ms.export(bn, Tensor(x), file_name='bn_train', file_format='MINDIR')
bcell = nn.GraphCell(ms.load('bn_train.mindir'))
np.save('bn_out0.npy', bcell(Tensor(x)).asnumpy())
np.save('bn_out1.npy', bcell(Tensor(x)).asnumpy())
p = dict(bcell.parameters_and_names())
np.save('bn_mean.npy', p['bn.moving_mean'].asnumpy())
np.save('bn_var.npy', p['bn.moving_variance'].asnumpy())
# params_init: zero weights give uniform logits, a loss of log(3); names the
# file lacks are ignored (graphcell_errors.py: the errors)
z = nn.GraphCell(ms.load('train.mindir'), params_init={'fc.weight': Tensor(np.zeros((3, 4), np.float32)),
                                                       'fc.bias': Tensor(np.zeros(3, np.float32)),
                                                       'no.such': Tensor(np.ones(2, np.float32))})
print('zero weights loss', z(Tensor(x), Tensor(y)), 'log(3)', np.float32(np.log(3)))
print('done')
