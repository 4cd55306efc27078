# Casts between every pair of bool, int8, uint8, int16, int32, int64,
# float16, float32, float64 give numpy's astype (Debian's numpy 1.24 on
# x86-64 produces the reference at test time): float -> int truncates toward
# zero and wraps to 8/16-bit targets (200.0 -> int8 -56, -1.0 -> uint8 255),
# nan/inf/out-of-range values give what numpy gives, int -> narrower int
# wraps, -> bool is != 0, -> float16 rounds to nearest even (65520 -> inf,
# 2049 -> 2048, 2051 -> 2052). The same script runs under msc (ops.cast,
# Tensor.astype and msc's numpy astype) and under python3 ("ref"). (Values
# that become 2**-24 are left out: msc's repr(float) prints it with 17
# digits, CPython with 16 -- an eval/num.c bug reported separately.)
# RUN: %msc run %s > %t.out
# RUN: %python %s ref > %t.ref
# RUN: diff -u %t.ref %t.out
import sys
import numpy as np
REF = len(sys.argv) > 1 and sys.argv[1] == 'ref'
if REF:
    np.seterr(all='ignore')
else:
    import mindspore as ms
    from mindspore import Tensor, ops

NAMES = ['bool', 'int8', 'uint8', 'int16', 'int32', 'int64', 'float16', 'float32', 'float64']
NP = [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.int64, np.float16, np.float32, np.float64]
if not REF:
    MS = [ms.bool_, ms.int8, ms.uint8, ms.int16, ms.int32, ms.int64, ms.float16, ms.float32, ms.float64]

FV = [0.0, -0.0, 0.5, -0.5, 0.9999, -1.5, 2.5, 127.9, -128.9, 128.0, -129.0, 200.0, -200.5, 255.9, 256.0, 300.0,
      -1.0, 32767.5, -32768.5, 32768.0, 65504.0, 65519.0, 65520.0, 70000.0, -70000.0, 2147483647.0, -2147483648.0,
      2147483648.0, 3e9, -3e9, 5e9, 1e18, -1e18, 9.3e18, -9.3e18, 1e20, float('inf'), -float('inf'), float('nan'),
      9e-08, 1.5e-07, 2.9e-08, 2049.0, 2051.0, 0.1, 1e-45, 3.4e38, 1e39]
IV = [0, 1, -1, 2, 127, -128, 128, -129, 255, 256, -255, 32767, -32768, 32768, 65535, 65536, 2049, 2051, 65519,
      65520, 2147483647, -2147483648, 4294967296, 9223372036854775807, -9223372036854775808, 123456789012]


def src(name, vals):
    return np.array(vals).astype(name)


for i, sname in enumerate(NAMES):
    x = src(sname, FV if sname.startswith('float') else IV if sname != 'bool' else [True, False, True])
    for j, dname in enumerate(NAMES):
        if REF:
            r1 = r2 = r3 = x.astype(NP[j])
        else:
            t = Tensor(x)
            r1 = ops.cast(t, MS[j]).asnumpy()
            r2 = t.astype(MS[j]).asnumpy()
            r3 = x.astype(dname)
        print('%s -> %s: %s %s' % (sname, dname, r1.dtype, r1.tolist()))
        if str(r2.tolist()) != str(r1.tolist()) or str(r3.tolist()) != str(r1.tolist()):
            print('MISMATCH astype', r2.tolist(), r3.tolist())
