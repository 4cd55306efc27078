# np.save/np.savez/np.savez_compressed in msc; Inputs/check_saved.py then
# checks with Debian's numpy that every .npy is byte-for-byte what np.save
# writes for the same array, and that the .npz archives load to the same
# arrays (and pass zipfile's CRC test).
import sys
import numpy as np

d = sys.argv[1]
base = np.array([[0, 1, -2, 3], [100, -7, 5, 6], [9, 8, -1, 2]])
for t in ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64',
          'float16', 'float32', 'float64']:
    if t == 'bool':
        a = base > 1
    elif t[0] == 'u':
        a = np.abs(base).astype(t)
    else:
        a = base.astype(t)
    if t[0] == 'f':
        a = a / 8
    np.save(d + '/s_' + t, a.astype(t))          # '.npy' appended
np.save(d + '/s_0d.npy', np.array(2.5))
np.save(d + '/s_1d.npy', np.arange(7))
np.save(d + '/s_long.npy', np.zeros(790, np.float32))
np.save(d + '/s_4d.npy', np.ones((2, 1, 3, 2), np.int32))
np.save(d + '/s_empty.npy', np.zeros((0, 5)))
np.save(d + '/s_list.npy', [[1.5, 2.5], [3.5, 4.5]])
np.savez(d + '/s_stored', np.arange(5), np.eye(2), w=np.ones(3, np.float32))
np.savez_compressed(d + '/s_deflated.npz', big=np.arange(10000) % 7, z=np.array(True))
np.save(d + '/s_over.npy', np.arange(3))
np.save(d + '/s_over.npy', np.arange(4))      # overwrites (atomic rename)
back = np.load(d + '/s_stored.npz')
print(back.files, back['arr_1'].tolist(), back['w'].dtype)
print('saved')

# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc run %s %t | FileCheck %s
# RUN: %python %S/Inputs/check_saved.py %t | FileCheck --check-prefix=PY %s
# RUN: ls %t | FileCheck --check-prefix=NOTMP %s
# CHECK: ['w', 'arr_0', 'arr_1'] {{\[\[}}1.0, 0.0], [0.0, 1.0]] float32
# CHECK: saved
# PY: 19 .npy files identical to numpy's
# PY: s_stored.npz ['w', 'arr_0', 'arr_1'] ok
# PY: s_deflated.npz ['big', 'z'] ok
# NOTMP-NOT: tmp
