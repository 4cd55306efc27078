# run_mindir.py DIR NAME — ms.load(DIR/NAME.mindir) + nn.GraphCell on
# DIR/NAME.in.npy, each output compared with numpy's DIR/NAME.out<k>.npy
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

d, name = sys.argv[1], sys.argv[2]
g = ms.load(d + "/" + name + ".mindir")
print(g)
out = nn.GraphCell(g)(Tensor(np.load(d + "/" + name + ".in.npy")))
outs = out if isinstance(out, tuple) else (out,)
for k, o in enumerate(outs):
    ref = np.load(d + "/" + name + ".out" + str(k) + ".npy")
    err = float(np.abs(o.asnumpy().astype(np.float64) - ref.astype(np.float64)).max())
    print(name, k, o.dtype, o.shape, "close" if err < 1e-5 else "DIFFERENT: " + str(err))
