# load_ckpt.py FILE [crc] — loads a checkpoint into a Dense(3, 2) and prints it
import sys
import numpy as np
import mindspore as ms
from mindspore import nn

path = sys.argv[1]
d = ms.load_checkpoint(path, crc_check=len(sys.argv) > 2)
for k, v in d.items():
    if isinstance(v, str):
        print(k, repr(v))
    else:
        print(k, v.dtype, v.shape, v.asnumpy().ravel().tolist())
net = nn.Dense(3, 2)
net.weight.name = 'fc.weight'
net.bias.name = 'fc.bias'
print(ms.load_param_into_net(net, d))
print(net(ms.Tensor(np.ones((1, 3), np.float32))))
