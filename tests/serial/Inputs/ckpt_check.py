"""ckpt_check.py DIR FILE... — each .ckpt msc wrote in DIR, checked with
Python's protobuf (Inputs/pb.py) against the .npy files the script wrote
beside it (PREFIX.NAME.npy, PREFIX = the file's stem), then re-encoded the
way MindSpore's serialization.py writes (one Checkpoint message per
parameter, crc_num trailer when the file has one): msc's bytes must be
identical."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import pb  # noqa: E402

d = sys.argv[1]
for f in sys.argv[2:]:
    data = open(os.path.join(d, f), 'rb').read()
    items, has_crc = pb.ckpt_read(data)
    stem = f[:-5]
    for name, value in items:
        npy = os.path.join(d, stem + '.' + name + '.npy')
        if isinstance(value, str) or not os.path.exists(npy):
            continue
        ref = np.load(npy)
        assert value.dtype == ref.dtype and value.shape == ref.shape, (f, name, value.dtype, ref.dtype)
        assert value.tobytes() == ref.tobytes(), (f, name)
    again = pb.ckpt_bytes(items, crc=has_crc)
    assert again == data, f + ': not the bytes MindSpore writes'
    print(f, len(items), 'ok')
