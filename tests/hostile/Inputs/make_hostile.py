"""make_hostile.py DIR: the hostile data files of tests/hostile/ (issue 18),
each a few hundred bytes at most, made with Debian's numpy and zlib so that
the good parts are what numpy writes and only the named field lies."""
import io
import os
import struct
import sys
import zipfile
import zlib
import numpy as np

d = sys.argv[1]
os.makedirs(d, exist_ok=True)


def put(name, data):
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


# 1. zip64 end-of-central-directory locator in a file shorter than 56 bytes:
# the locator's offset points anywhere (the old bound `z > n - 56` wrapped).
loc = struct.pack('<IIQI', 0x07064b50, 0, 1 << 46, 1)
eocd = struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, 0xffff, 0xffff, 0xffffffff, 0xffffffff, 0)
put('short_zip64.npz', b'PK\x03\x04' + loc + eocd)  # 46 bytes; np.load sees a zip
# ...the same locator pointing just past the end of a longer file
put('zip64_past_end.npz', b'PK\x03\x04' + b'\0' * 56 + struct.pack('<IIQI', 0x07064b50, 0, 70, 1) + eocd)

# A deflated member whose central directory declares 2^40 bytes (zip64
# extra field): the reader allocated the declared size before inflating.
buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as z:
    b = io.BytesIO()
    np.save(b, np.arange(4, dtype=np.int32))
    z.writestr('a.npy', b.getvalue())
raw = bytearray(buf.getvalue())
cd = raw.rfind(b'PK\x01\x02')
struct.pack_into('<I', raw, cd + 24, 0xffffffff)   # uncompressed size: see zip64 extra
# replace the extra field length by a zip64 extra (usize only): rebuild the tail
nlen = struct.unpack_from('<H', raw, cd + 28)[0]
extra = struct.pack('<HHQ', 1, 8, 1 << 40)
tail = raw[cd:cd + 46 + nlen]
struct.pack_into('<H', tail, 30, len(extra))
eo = raw.rfind(b'PK\x05\x06')
e = bytearray(raw[eo:])
struct.pack_into('<I', e, 12, len(tail) + len(extra))
put('huge_member.npz', bytes(raw[:cd] + tail + extra + e))
# ...and one declaring 100 MB in a stored (not deflated) member's both sizes
sb = io.BytesIO()
with zipfile.ZipFile(sb, 'w', zipfile.ZIP_STORED) as z:
    z.writestr('b.npy', b'x' * 16)
sraw = bytearray(sb.getvalue())
cd = sraw.rfind(b'PK\x01\x02')
struct.pack_into('<II', sraw, cd + 20, 100 << 20, 100 << 20)
put('stored_liar.npz', bytes(sraw))

# 1 (size field of another reader): .npy header shapes whose element count
# wraps int64 / exceeds the elements limit.
def npy(header, data=b''):
    h = header.encode('latin1')
    pad = 64 - (10 + len(h) + 1) % 64
    h = h + b' ' * pad + b'\n'
    return b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h + data


put('shape_wrap.npy', npy("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 16), }"))
put('shape_big.npy', npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627777,), }"))
# 14. a NUL inside the dtype string (numpy: "Cannot parse header")
put('nul_descr.npy', npy("{'descr': '<f4\0', 'fortran_order': False, 'shape': (2,), }", b'\0' * 8))
# 12. a good file whose array is past --limit=tensor-bytes=4096 (MemoryError
# while building the array, after the file was read: its buffer must go)
b = io.BytesIO()
np.save(b, np.arange(1000, dtype=np.float64))
put('thousand.npy', b.getvalue())
b = io.BytesIO()
np.savez_compressed(b, a=np.zeros(10000))
put('zeros.npz', b.getvalue())
