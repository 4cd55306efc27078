# Train a classifier for scikit-learn's 8x8 handwritten digits (MindSpore style):
# a shuffled, batched NumpySlicesDataset; an MLP 64-128-10; CrossEntropyLoss and
# Adam; a @ms.jit train step (forward, gradients and the Adam update in one graph).
# It prints the mean loss of each epoch and the accuracy on the held-out test
# split, then exports the trained classifier.
#
#   msc run samples/digits_train.py                  # train and evaluate
#   msc compile samples/digits_train.py -o digits    # the same, then writes C:
#       digits/digits_train.{h,c}: the train step and the classifier digits_mlp
#
# The data (samples/data/README.md): 1437 training and 360 test images, 64
# pixels 0..16 each, with labels 0..9. It is read from samples/data, relative
# to the working directory (run from the repository root), or from the
# directory given as an argument: `msc run digits_train.py data` in samples/.
# `--predictions` also prints the predicted label of each test image (msc
# compile passes script arguments after `--`: `... -o DIR -- --predictions`) and
# `--save=DIR` writes the trained weights (DIR/weights.npz: w0 b0 w1 b1), the
# training and test images (train_x.npy, test_x.npy) and labels (test_y.npy):
# calibration data for `msc compile --quantize=int8` and the inputs of its
# numpy check (tests/quant/digits.py).
import sys
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, Tensor

ms.set_seed(1)      # the initial weights and the shuffle order
args = [a for a in sys.argv[1:] if not a.startswith('--')]
data_dir = args[0] if args else 'samples/data'


def load(split):
    data = np.load(f'{data_dir}/digits_{split}.npz')
    return data['x'].astype(np.float32) / 16, data['y']


train_x, train_y = load('train')
test_x, test_y = load('test')
dataset = ds.NumpySlicesDataset((train_x, train_y), column_names=['image', 'label'], shuffle=False)
dataset = dataset.shuffle(buffer_size=len(train_x)).batch(64, drop_remainder=True)


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(64, 128)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(128, 10)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


net = MLP()
loss_fn = nn.CrossEntropyLoss()
optimizer = nn.Adam(net.trainable_params(), learning_rate=0.01)


def forward_fn(images, labels):
    return loss_fn(net(images), labels)


grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters)


@ms.jit
def train_step(images, labels):
    loss, grads = grad_fn(images, labels)
    optimizer(grads)
    return loss


for epoch in range(10):
    losses = [float(train_step(images, labels)) for images, labels in dataset.create_tuple_iterator()]
    print(f'epoch {epoch + 1}: loss {sum(losses) / len(losses):.6f}')

pred = net(Tensor(test_x)).argmax(axis=1).asnumpy()
correct = int((pred == test_y).sum())
print(f'test accuracy: {correct / len(test_y):.4f} ({correct}/{len(test_y)})')
if '--predictions' in sys.argv:
    print('predictions:', ' '.join(str(int(p)) for p in pred))
save = [a[7:] for a in sys.argv[1:] if a.startswith('--save=')]
if save:
    np.savez(f'{save[0]}/weights.npz', w0=net.fc1.weight.asnumpy(), b0=net.fc1.bias.asnumpy(),
             w1=net.fc2.weight.asnumpy(), b1=net.fc2.bias.asnumpy())
    np.save(f'{save[0]}/train_x.npy', train_x)
    np.save(f'{save[0]}/test_x.npy', test_x)
    np.save(f'{save[0]}/test_y.npy', test_y)

# the trained classifier, for one image at a time (msc compile: the C entry digits_mlp)
ms.export(net, Tensor(test_x[:1]), file_name='digits_mlp', file_format='MINDIR')
