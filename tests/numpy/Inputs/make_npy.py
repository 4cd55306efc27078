"""make_npy.py DIR: writes the .npy/.npz files that npy_load.py reads (with
Debian's numpy), covering every dtype msc reads, both byte orders, C and
Fortran order, 0-d and empty arrays, format versions 1.0/2.0/3.0, and .npz
archives stored and deflated; plus the broken files of npy_errors.py."""
import os
import sys
import numpy as np

d = sys.argv[1]
os.makedirs(d, exist_ok=True)
base = np.array([[0, 1, -2, 3], [100, -7, 5, 6], [9, 8, -1, 2]])
for t in ['?', 'i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8']:
    a = (base % 2 == 0) if t == '?' else (np.abs(base) if t[0] == 'u' else base).astype(t)
    if t[0] == 'f':
        a = a / 8
    name = t.replace('?', 'b1')
    np.save(f'{d}/c_{name}.npy', a.astype(t))
    np.save(f'{d}/f_{name}.npy', np.asfortranarray(a.astype(t)))
    np.save(f'{d}/be_{name}.npy', a.astype(t).astype(np.dtype(t).newbyteorder('>')))
np.save(f'{d}/f3d.npy', np.asfortranarray(np.arange(24.0).reshape(2, 3, 4)))
np.save(f'{d}/zero_d.npy', np.float64(2.5))
np.save(f'{d}/empty.npy', np.zeros((0, 3), np.float32))
for v in [(1, 0), (2, 0), (3, 0)]:
    with open(f'{d}/v{v[0]}.npy', 'wb') as f:
        np.lib.format.write_array(f, np.arange(5, dtype=np.int32) * 3, version=v)
np.savez(f'{d}/stored.npz', np.arange(4), w=np.eye(3, dtype=np.float32), s=np.int16(7))
np.savez_compressed(f'{d}/deflated.npz', big=np.arange(10000) % 7, f=np.asfortranarray(np.ones((3, 2)) * 0.5))

# broken files for npy_errors.py
good = open(f'{d}/c_f4.npy', 'rb').read()
open(f'{d}/bad_empty.npy', 'wb').close()
open(f'{d}/bad_magic.npy', 'wb').write(b'hello world, not numpy at all')
open(f'{d}/bad_truncdata.npy', 'wb').write(good[:len(good) - 5])
open(f'{d}/bad_trunchdr.npy', 'wb').write(good[:40])
open(f'{d}/bad_version.npy', 'wb').write(good[:6] + b'\x09\x00' + good[8:])
open(f'{d}/bad_header.npy', 'wb').write(good[:10] + good[10:].replace(b"'<f4'", b'<f4  ', 1))
open(f'{d}/bad_keys.npy', 'wb').write(good[:10] + good[10:].replace(b"'descr'", b"'dtype'", 1))
np.save(f'{d}/bad_c8.npy', np.zeros(3, np.complex64))
np.save(f'{d}/bad_obj.npy', np.array([1, 'a'], dtype=object))
z = open(f'{d}/deflated.npz', 'rb').read()
open(f'{d}/bad_trunc.npz', 'wb').write(z[:len(z) // 2])
zb = bytearray(z)
zb[200] ^= 0x55   # inside the first member's deflate stream
open(f'{d}/bad_inflate.npz', 'wb').write(bytes(zb))
sb = bytearray(open(f'{d}/stored.npz', 'rb').read())
sb[190] ^= 0x01   # inside the data of the first (stored) member, w.npy
open(f'{d}/bad_crc.npz', 'wb').write(bytes(sb))
