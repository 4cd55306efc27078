# lenet_gen.py DIR: LeNet-5 weights and inputs for ../lenet.py, drawn from a
# numpy RandomState at test time and saved as float32 .npy files in DIR.
import os
import sys
import numpy as np

d = sys.argv[1]
os.makedirs(d, exist_ok=True)
rs = np.random.RandomState(20240605)


def u(shape, fan_in):
    b = 1.0 / np.sqrt(fan_in)
    return rs.uniform(-b, b, shape).astype(np.float32)


arrays = {
    'conv1.weight': u((6, 1, 5, 5), 25), 'conv2.weight': u((16, 6, 5, 5), 150),
    'fc1.weight': u((120, 400), 400), 'fc1.bias': u((120,), 400),
    'fc2.weight': u((84, 120), 120), 'fc2.bias': u((84,), 120),
    'fc3.weight': u((10, 84), 84), 'fc3.bias': u((10,), 84),
    'x1': rs.standard_normal((1, 1, 32, 32)).astype(np.float32),
    'x64': rs.standard_normal((64, 1, 32, 32)).astype(np.float32),
}
for name, a in arrays.items():
    np.save(os.path.join(d, name + '.npy'), a)
