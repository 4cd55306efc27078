# A small conv net on the bundled digits (samples/data): Conv2d(1, 8, 3,
# pad 1) -> ReLU -> MaxPool 2x2 -> Flatten -> Dense(128, 10), trained a few
# epochs with Adam; prints the test accuracy, exports the classifier
# (digits_conv.mindir, input (1, 1, 8, 8)) and writes its weights and the
# images into DIR (argv[2]): weights.npz (w0 b0 w1 b1), train_x.npy,
# test_x.npy (float32 [N, 1, 8, 8]), test_y.npy (tests/quant/conv.py).
# With a third argument 'avg': AvgPool 2x2 instead of the MaxPool, 3
# epochs (tests/quant/avgpool.py). With 'two': two convolutions, Conv2d(1,
# 8, 3, pad 1) -> ReLU -> Conv2d(8, 16, 3, pad 1) -> ReLU -> MaxPool 2x2 ->
# Flatten -> Dense(256, 10), 6 epochs (scripts/firmware-test.sh's
# digits_conv2; the weights file then has w0 b0 w1 b1 w2 b2).
import sys
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, Tensor

ms.set_seed(2)
data_dir, out = sys.argv[1], sys.argv[2]
avg = len(sys.argv) > 3 and sys.argv[3] == 'avg'
two = len(sys.argv) > 3 and sys.argv[3] == 'two'


def load(split):
    d = np.load(f'{data_dir}/digits_{split}.npz')
    return (d['x'].astype(np.float32) / 16).reshape(-1, 1, 8, 8), d['y']


train_x, train_y = load('train')
test_x, test_y = load('test')


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 8, 3, pad_mode='pad', padding=1, has_bias=True)
        self.relu = nn.ReLU()
        if two:
            self.conv2 = nn.Conv2d(8, 16, 3, pad_mode='pad', padding=1, has_bias=True)
        self.pool = nn.AvgPool2d(2, 2) if avg else nn.MaxPool2d(2, 2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(256 if two else 128, 10)

    def construct(self, x):
        h = self.relu(self.conv(x))
        if two:
            h = self.relu(self.conv2(h))
        return self.fc(self.flatten(self.pool(h)))


net = Net()
loss_fn = nn.CrossEntropyLoss()
opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)


@ms.jit
def step(x, y):
    loss, g = grad_fn(x, y)
    opt(g)
    return loss


dataset = ds.NumpySlicesDataset((train_x, train_y.astype(np.int32)), column_names=['x', 'y'], shuffle=False)
dataset = dataset.shuffle(buffer_size=len(train_x)).batch(64, drop_remainder=True)
for epoch in range(3 if avg else 6):
    for x, y in dataset.create_tuple_iterator():
        step(x, y)
pred = net(Tensor(test_x)).argmax(axis=1).asnumpy()
print(f'test accuracy: {float((pred == test_y).mean()):.4f}')
ws = [net.conv] + ([net.conv2] if two else []) + [net.fc]
np.savez(f'{out}/weights.npz', **{f'{k}{i}': getattr(c, 'weight' if k == 'w' else 'bias').asnumpy()
                                  for i, c in enumerate(ws) for k in 'wb'})
np.save(f'{out}/train_x.npy', train_x)
np.save(f'{out}/test_x.npy', test_x)
np.save(f'{out}/test_y.npy', test_y)
ms.export(net, Tensor(test_x[:1]), file_name=f'{out}/digits_conv', file_format='MINDIR')
