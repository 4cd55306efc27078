"""check_saved.py DIR: the files npy_save.py wrote with msc, checked with
Debian's numpy: each s_*.npy must be byte-identical to np.save of the array
np.load reads from it re-saved by numpy, and to the array built here."""
import glob
import io
import os
import sys
import zipfile
import numpy as np

d = sys.argv[1]
base = np.array([[0, 1, -2, 3], [100, -7, 5, 6], [9, 8, -1, 2]])
expect = {}
for t in ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64',
          'float16', 'float32', 'float64']:
    a = base > 1 if t == 'bool' else (np.abs(base) if t[0] == 'u' else base).astype(t)
    if t[0] == 'f':
        a = a / 8
    expect['s_' + t] = a.astype(t)
expect['s_0d'] = np.array(2.5)
expect['s_1d'] = np.arange(7)
expect['s_long'] = np.zeros(790, np.float32)
expect['s_4d'] = np.ones((2, 1, 3, 2), np.int32)
expect['s_empty'] = np.zeros((0, 5))
expect['s_list'] = np.array([[1.5, 2.5], [3.5, 4.5]])
expect['s_over'] = np.arange(4)
n = 0
for name, a in sorted(expect.items()):
    buf = io.BytesIO()
    np.save(buf, a)
    got = open(os.path.join(d, name + '.npy'), 'rb').read()
    if got != buf.getvalue():
        print('MISMATCH', name, got[:128], buf.getvalue()[:128])
        sys.exit(1)
    n += 1
print(n, '.npy files identical to numpy\'s')
ref = {'s_stored.npz': {'arr_0': np.arange(5), 'arr_1': np.eye(2), 'w': np.ones(3, np.float32)},
       's_deflated.npz': {'big': np.arange(10000) % 7, 'z': np.array(True)}}
for fn, arrs in ref.items():
    path = os.path.join(d, fn)
    assert zipfile.ZipFile(path).testzip() is None
    f = np.load(path)
    for k, v in arrs.items():
        assert f[k].dtype == v.dtype and f[k].shape == v.shape and (f[k] == v).all(), (fn, k)
    print(fn, f.files, 'ok')
