# nn.RNN/GRU/LSTM with seq_length (MindSpore's variable_recurrent: padded
# steps keep the state and output 0; the reverse direction starts at each
# sequence's last valid step) against torch.nn's on packed sequences
# (Inputs/rnn_seq_length_ref.py, the same weights), 2 layers, uni- and
# bidirectional, batch_first too, in PyNative and Graph mode (@ms.jit); and
# seq_length's errors.
# RUN: %python %S/Inputs/rnn_seq_length_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s graph > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: not %msc run %s dtype 2>&1 | FileCheck %s --check-prefix=DTYPE
# DTYPE: error: TypeError: For 'LSTM', the dtype of 'seq_length' must be int32 or int64, but got Float32.
# RUN: not %msc run %s shape 2>&1 | FileCheck %s --check-prefix=SHAPE
# SHAPE: error: ValueError: For 'GRU', the shape of 'seq_length' must be (batch_size,) = (3,), but got (2,).
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

case = sys.argv[1]
GRAPH = case == 'graph'
f32 = np.float32
np.random.seed(5)
seq = np.random.randn(5, 3, 3).astype(f32)
lens = Tensor(np.array([5, 3, 1], np.int32))
if case == 'dtype':
    nn.LSTM(3, 4)(Tensor(seq), seq_length=Tensor(np.array([5.0, 3.0, 1.0], f32)))
if case == 'shape':
    nn.GRU(3, 4)(Tensor(seq), None, Tensor(np.array([5, 3], np.int64)))


def show(name, a):
    a = np.asarray(a.asnumpy(), dtype=np.float64).ravel()
    print(name, ' '.join(['%.6e' % v for v in a.tolist()]))


for mode in ('RNN', 'GRU', 'LSTM'):
    for bi in (False, True):
        for bf in (False, True):
            np.random.seed(11)
            net = getattr(nn, mode)(3, 4, 2, bidirectional=bi, batch_first=bf)
            x = Tensor(seq.transpose(1, 0, 2).copy() if bf else seq)
            f = ms.jit(lambda s, n: net(s, None, n)) if GRAPH else (lambda s, n: net(s, None, n))
            out, h = f(x, lens)
            tag = f'{mode}_bi{int(bi)}_bf{int(bf)}'
            show(tag + '_out', out)
            if mode == 'LSTM':
                show(tag + '_h', h[0])
                show(tag + '_c', h[1])
            else:
                show(tag + '_h', h)
