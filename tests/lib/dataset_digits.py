# The committed digits data (samples/data/, made by scripts/make-digits-data.py)
# through the pipeline a training script uses: np.load of the .npz archives,
# NumpySlicesDataset + map (uint8 pixels -> float32 / 16) + seeded shuffle +
# batch(64, drop_remainder=True), two epochs of a create_tuple_iterator, each
# batch fed to a Dense layer compiled in GRAPH_MODE (both backends). Checked
# against numpy (Inputs/dataset_digits_ref.py): the archive contents, every
# batch's labels, pixel sums and the Dense outputs' sums.
# RUN: %python %S/Inputs/dataset_digits_ref.py %S/../../samples/data > %t.ref
# RUN: %msc run %s %S/../../samples/data > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: %msc run --backend=ref %s %S/../../samples/data > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: FileCheck %s --input-file %t.cc
# CHECK: train uint8 (1437, 64) int32 (1437,) 0 16 0 9
# CHECK: test uint8 (360, 64) int32 (360,) 0 16 0 9
# CHECK: size 22 cols ['image', 'label']
# CHECK: epoch 1 batches 22
import sys
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
root = sys.argv[1]
tr = np.load(root + '/digits_train.npz')
te = np.load(root + '/digits_test.npz')
for name, f in (('train', tr), ('test', te)):
    x, y = f['x'], f['y']
    print(name, x.dtype, x.shape, y.dtype, y.shape, int(x.min()), int(x.max()), int(y.min()), int(y.max()),
          int(x.astype(np.int64).sum()), int(y.astype(np.int64).sum()))


def scale(img):
    return img.astype(np.float32) / 16


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(64, 10, weight_init='ones', bias_init='zeros')

    def construct(self, x):
        return self.fc(x) * 0.5


net = Net()
ds.config.set_seed(11)
data = ds.NumpySlicesDataset((tr['x'], tr['y']), column_names=["image", "label"], shuffle=True)
data = data.map(scale, input_columns="image").batch(64, drop_remainder=True)
print('size', data.get_dataset_size(), 'cols', data.get_col_names())
it = data.create_tuple_iterator(num_epochs=2)
for epoch in range(2):
    k = 0
    for img, lab in it:
        out = net(img)
        if k < 3 or k == 21:
            print('b', epoch, k, img.shape, lab.asnumpy().tolist()[:8], int(lab.asnumpy().sum()),
                  float(img.asnumpy().sum()), float(out.asnumpy().sum()))
        k += 1
    print('epoch', epoch, 'batches', k)
