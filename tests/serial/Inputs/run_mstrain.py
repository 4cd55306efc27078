# run_mstrain.py DIR — DIR/mstrain.mindir (make_mindirs.py: a training step
# in MindSpore's gradient and optimizer primitives) called twice through
# nn.GraphCell: each call's outputs and the Parameters after it against
# numpy's (DIR/mstrain.out<k>.npy, DIR/mstrain.params<k>.npy).
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

d = sys.argv[1]
gc = nn.GraphCell(ms.load(d + "/mstrain.mindir"))
params = {p.name: p for p in gc.get_parameters()}
for k in range(2):
    outs = gc(Tensor(np.load(d + f"/mstrain.x{k}.npy")), Tensor(np.load(d + f"/mstrain.t{k}.npy")))
    ref = np.load(d + f"/mstrain.out{k}.npy")
    errs = [float(np.abs(o.asnumpy().astype(np.float64) - ref[i]).max()) for i, o in enumerate(outs)]
    got = np.concatenate([params[n].asnumpy().astype(np.float64).ravel() for n in
                          ("fc.weight", "fc.bias", "moments.fc.weight", "moments.fc.bias")])
    perr = float(np.abs(got - np.load(d + f"/mstrain.params{k}.npy")).max())
    print("call", k, "outputs", all(e < 1e-5 for e in errs), "params", perr < 1e-5)
