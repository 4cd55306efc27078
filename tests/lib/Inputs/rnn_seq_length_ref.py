# torch.nn's RNN/GRU/LSTM on packed sequences (pack_padded_sequence, padded
# back with zeros) with the weights msc draws (numpy seed 11, MindSpore's
# order), for tests/lib/rnn_seq_length.py.
import numpy as np
import torch
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

f32 = np.float32
T = torch.tensor
np.random.seed(5)
seq = np.random.randn(5, 3, 3).astype(f32)
lens = [5, 3, 1]


def show(name, a):
    a = np.asarray(a.detach().numpy(), dtype=np.float64).ravel()
    print(name, ' '.join(['%.6e' % v for v in a.tolist()]))


for mode, G in (('RNN', 1), ('GRU', 3), ('LSTM', 4)):
    for bi in (False, True):
        for bf in (False, True):
            np.random.seed(11)
            H, L = 4, 2
            net = getattr(torch.nn, mode)(3, H, L, bidirectional=bi, batch_first=bf)
            stdv = 1 / np.sqrt(H)
            with torch.no_grad():
                for layer in range(L):
                    for d in range(2 if bi else 1):
                        sfx = '_reverse' if d else ''
                        ins = 3 if layer == 0 else H * (2 if bi else 1)
                        for pname, shape in (('weight_ih', (G * H, ins)), ('weight_hh', (G * H, H)),
                                             ('bias_ih', (G * H,)), ('bias_hh', (G * H,))):
                            v = np.random.uniform(-stdv, stdv, shape).astype(f32)
                            getattr(net, f'{pname}_l{layer}{sfx}').copy_(T(v))
            x = T(seq.transpose(1, 0, 2).copy() if bf else seq)
            packed = pack_padded_sequence(x, lens, batch_first=bf)
            out, h = net(packed)
            out, _ = pad_packed_sequence(out, batch_first=bf, total_length=5)
            tag = f'{mode}_bi{int(bi)}_bf{int(bf)}'
            show(tag + '_out', out)
            if mode == 'LSTM':
                show(tag + '_h', h[0])
                show(tag + '_c', h[1])
            else:
                show(tag + '_h', h)
