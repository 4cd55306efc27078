# np.load of files written by Debian's numpy (Inputs/make_npy.py): every
# dtype, both byte orders, C/Fortran order, 0-d, empty, versions 1/2/3, .npz
# stored and deflated. The same script runs in msc and numpy; outputs must match.
import sys
import numpy as np

d = sys.argv[1]
for t in ['b1', 'i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    for kind in ['c', 'f', 'be']:
        a = np.load(d + '/' + kind + '_' + t + '.npy')
        print(kind, t, a.dtype.name, a.shape, a.tolist())
a = np.load(d + '/f3d.npy')
print(a.shape, a.tolist())
z = np.load(d + '/zero_d.npy')
print(z.shape, z.dtype, z)
e = np.load(d + '/empty.npy')
print(e.shape, e.dtype, e.tolist())
for v in ['v1', 'v2', 'v3']:
    print(v, np.load(d + '/' + v + '.npy').tolist())
f = np.load(d + '/stored.npz')
print(f.files, 'w' in f, 'w.npy' in f, 'nope' in f, [k for k in f])
print(f['arr_0'].tolist(), f['w'].dtype, f['w'].tolist(), f['s.npy'].dtype, int(f['s']))
f.close()
g = np.load(d + '/deflated.npz')
print(g.files, int(g['big'].sum()), g['big'][-10:].tolist(), g['f'].tolist())
print(sorted(g.keys()), len(g))

# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/make_npy.py %t
# RUN: %msc run %s %t > %t/msc.out
# RUN: %python %s %t > %t/np.out
# RUN: diff %t/msc.out %t/np.out
