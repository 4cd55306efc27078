# The digits classifier that samples/digits_train.py exported (MindIR), run
# again from its file alone: ms.load + nn.GraphCell on each test image.
#
#   msc run samples/digits_mindir.py digits_mlp.mindir [DATA_DIR] [--npy OUT.npy]
#
# prints the accuracy and the predictions in digits_train.py's format (the
# same labels as the script's --predictions); --npy also writes the test
# images (float32 [360, 64]) for samples/digits_predict.c, which runs the C
# library `msc compile digits.mindir` makes of the same file.
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

args = [a for a in sys.argv[1:] if not a.startswith('--')]
model = args[0] if args else 'digits_mlp.mindir'
data_dir = args[1] if len(args) > 1 else 'samples/data'
data = np.load(f'{data_dir}/digits_test.npz')
test_x = data['x'].astype(np.float32) / 16
test_y = data['y']
if '--npy' in sys.argv:
    np.save(sys.argv[sys.argv.index('--npy') + 1], test_x)

net = nn.GraphCell(ms.load(model))
pred = [int(net(Tensor(test_x[i:i + 1])).argmax(axis=1).asnumpy()[0]) for i in range(len(test_x))]
correct = sum(1 for p, y in zip(pred, test_y) if p == y)
print(f'test accuracy: {correct / len(test_y):.4f} ({correct}/{len(test_y)})')
print('predictions:', ' '.join(str(p) for p in pred))
