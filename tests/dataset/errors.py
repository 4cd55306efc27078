# mindspore.dataset's readers and transforms and Model on bad input
# (issue 25): each a clear error at the script's line naming the file or
# column and the operation, exit status 1.
# RUN: rm -rf %t && %python %S/Inputs/mkdata.py %t && %python %S/Inputs/mkbad.py %t
# RUN: not %msc run %s %t nodir 2>&1 >/dev/null | FileCheck --check-prefix=NODIR %s
# RUN: %msc run %s %t nodir 2>/dev/null >/dev/null; test $? -eq 1
# NODIR: errors.py:[[@LINE+39]]:{{[0-9]+}}: error: ValueError: The folder {{.*}}/nope does not exist or is not a directory or permission denied!
# RUN: not %msc run %s %t missing 2>&1 | FileCheck --check-prefix=MISSING %s
# MISSING: RuntimeError: MnistDataset: the MNIST file 't10k-images-idx3-ubyte' (or 't10k-images-idx3-ubyte.gz') is missing in dataset_dir '{{.*}}mnist_missing'.
# RUN: not %msc run %s %t magic 2>&1 | FileCheck --check-prefix=MAGIC %s
# MAGIC: RuntimeError: '{{.*}}/bad/mnist/train-images-idx3-ubyte': not an idx file: bad magic number
# RUN: not %msc run %s %t cifar 2>&1 | FileCheck --check-prefix=CIFAR %s
# CIFAR: RuntimeError: Cifar10Dataset: '{{.*}}data_batch_3.bin' is not a CIFAR binary batch: its size 6153 is not a positive multiple of the 3073-byte record.
# RUN: not %msc run %s %t cut 2>&1 | FileCheck --check-prefix=CUT %s
# CUT: RuntimeError: ImageFolderDataset: '{{.*}}cut.jpg': Decode: invalid JPEG data: Premature end of JPEG file
# RUN: not %msc run %s %t crc 2>&1 | FileCheck --check-prefix=CRC %s
# CRC: RuntimeError: ImageFolderDataset: '{{.*}}crc.png': Decode: invalid PNG data: IDAT: {{.+}}
# RUN: not %msc run %s %t junk 2>&1 | FileCheck --check-prefix=JUNK %s
# JUNK: Decode: unsupported image format (neither JPEG nor PNG: the data starts with 47 49)
# RUN: not %msc run %s %t column 2>&1 | FileCheck --check-prefix=COLUMN %s
# COLUMN: ValueError: map: input column 'img' does not exist in the dataset; columns are ['image', 'label'].
# RUN: not %msc run %s %t undecoded 2>&1 | FileCheck --check-prefix=UNDECODED %s
# UNDECODED: RuntimeError: HWC2CHW: the input should be an image of shape <H, W> or <H, W, C>, but got shape [{{[0-9]+}}] (an undecoded image? map vision.Decode() first).
# RUN: not %msc run %s %t twice 2>&1 | FileCheck --check-prefix=TWICE %s
# TWICE: RuntimeError: Decode: the input should be a 1-D uint8 array of encoded image bytes, but got a 3-D uint8 array (is the image decoded already?)
# RUN: not %msc run %s %t nometrics 2>&1 | FileCheck --check-prefix=NOMETRICS %s
# NOMETRICS: ValueError: For Model.eval, the model argument 'metrics' can not be None or empty, you should set the argument 'metrics' for model.
# RUN: not %msc run %s %t csv 2>&1 | FileCheck --check-prefix=CSV %s
# CSV: RuntimeError: CSVDataset: '{{.*}}bad.csv', line 3: column 'id': 'x' is not a valid int.
# RUN: not %msc run %s %t onehot 2>&1 | FileCheck --check-prefix=ONEHOT %s
# ONEHOT: RuntimeError: OneHot: the input should be an integer label (a scalar or 1-D), but got a 1-D float32 array.
# RUN: not %msc run %s %t channels 2>&1 | FileCheck --check-prefix=CHANNELS %s
# CHANNELS: RuntimeError: Normalize: mean has 3 values but the image has 1 channel(s).
import sys
import numpy as np
import mindspore.dataset.transforms as transforms
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
from mindspore import nn
from mindspore.train import Model

d = sys.argv[1]
case = sys.argv[2]
b = d + '/bad'
if case == 'nodir':
    ds.MnistDataset(d + '/nope')
elif case == 'missing':
    ds.MnistDataset(b + '/mnist_missing')
elif case == 'magic':
    ds.MnistDataset(b + '/mnist', usage='train')
elif case == 'cifar':
    ds.Cifar10Dataset(b + '/cifar10')
elif case in ('cut', 'crc', 'junk'):
    for row in ds.ImageFolderDataset(b + '/' + case, decode=True):
        pass
elif case == 'column':
    ds.ImageFolderDataset(d + '/folder').map(vision.Decode(), input_columns='img')
elif case == 'undecoded':
    for row in ds.ImageFolderDataset(d + '/folder', extensions=['.png']).map(vision.HWC2CHW(), 'image'):
        pass
elif case == 'twice':
    data = ds.ImageFolderDataset(d + '/folder', extensions=['.png'], decode=True)
    for row in data.map(vision.Decode(), 'image'):
        pass
elif case == 'nometrics':
    Model(nn.Dense(2, 2), nn.MSELoss()).eval(ds.NumpySlicesDataset([[1.0, 2.0]]))
elif case == 'csv':
    with open(d + '/bad.csv', 'w') as f:
        f.write('id\n1\nx\n')
    ds.CSVDataset(d + '/bad.csv', column_defaults=[0])
elif case == 'onehot':
    data = ds.NumpySlicesDataset((np.zeros((2, 3), np.float32),), column_names=['y'], shuffle=False)
    for row in data.map(transforms.OneHot(3), 'y'):
        pass
elif case == 'channels':
    for row in ds.MnistDataset(d + '/mnist', usage='test').map(vision.Normalize([1.0, 2.0, 3.0], [1.0, 1.0, 1.0])):
        pass
