# graphcell_errors.py MODE [run, in the directory where train_net.py wrote
# train.mindir] — nn.GraphCell's params_init errors (mindir_train.py).
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

mode = sys.argv[1]
if mode == 'shape':
    nn.GraphCell(ms.load('train.mindir'), params_init={'fc.bias': Tensor(np.zeros(4, np.float32))})
elif mode == 'dtype':
    nn.GraphCell(ms.load('train.mindir'), params_init={'fc.bias': Tensor(np.zeros(3, np.int32))})
elif mode == 'type':
    nn.GraphCell(ms.load('train.mindir'), params_init={'fc.bias': 0.5})
