"""make_ckpts.py DIR — checkpoint files written by Python's protobuf
(Inputs/pb.py: MindSpore's own writing algorithm, not msc's): a golden file
of a tiny network and the bad files of ckpt_golden_bad.py."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import pb  # noqa: E402

d = sys.argv[1]


def w(name, data):
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


fc_w = (np.arange(6, dtype=np.float32) * 0.25 - 0.5).reshape(2, 3)
fc_b = np.array([0.5, -1.0], dtype=np.float32)
items = [('fc.weight', fc_w), ('fc.bias', fc_b), ('step', np.array(42, dtype=np.int32)),
         ('chunked', np.arange(6, dtype=np.float32)), ('note', 'trained')]
# 'chunked' is cut in 8-byte chunks: three messages with one tag
golden = pb.ckpt_bytes(items[:3], crc=False) + pb.ckpt_bytes([items[3]], chunk=8) + pb.ckpt_bytes([items[4]])
w('golden.ckpt', golden)
w('golden_crc.ckpt', pb.ckpt_bytes(items[:3], crc=True))
good = pb.ckpt_bytes(items[:2])
w('truncated.ckpt', good[:len(good) - 7])
bad = bytearray(good)
bad[0] = 0xff  # field 31, wire type 7: not protobuf
w('corrupt.ckpt', bytes(bad))
w('npy.ckpt', b'\x93NUMPY\x01\x00v\x00' + b' ' * 118)
w('encrypted.ckpt', b'\xd8\x5e\x3a\x7f' + bytes(60))
w('empty.ckpt', b'')
msg = pb.ckpt.Checkpoint()
v = msg.value.add()
v.tag = 'huge'
v.tensor.dims.extend([1000, 1000])
v.tensor.tensor_type = 'Float32'
v.tensor.tensor_content = bytes(8)
w('oversized.ckpt', msg.SerializeToString())
w('duplicate.ckpt', pb.ckpt_bytes([('a', fc_b), ('b', fc_b), ('a', fc_b)]))
crc = bytearray(pb.ckpt_bytes(items[:2], crc=True))
crc[-18] ^= 1  # the last data byte
w('badcrc.ckpt', bytes(crc))
msg = pb.ckpt.Checkpoint()
v = msg.value.add()
v.tag = 'z'
v.tensor.tensor_type = 'Complex64'
v.tensor.dims.append(2)
v.tensor.tensor_content = np.array([1.5 - 2j, 0.25j], np.complex64).tobytes()
w('complex.ckpt', msg.SerializeToString())
msg = pb.ckpt.Checkpoint()
v = msg.value.add()
v.tag = 'h'
v.tensor.tensor_type = 'BFloat16'
v.tensor.tensor_content = bytes(2)
w('bf16.ckpt', msg.SerializeToString())
msg = pb.ckpt.Checkpoint()
v = msg.value.add()
v.tag = 'q'
v.tensor.tensor_type = 'Complex32'
v.tensor.tensor_content = bytes(4)
w('unknown.ckpt', msg.SerializeToString())
msg = pb.ckpt.Checkpoint()
v = msg.value.add()
v.tag = 'table'
mt = v.maptensor.tensor.add()
mt.tensor_type = 'int32'
mt.tensor_content = bytes(4)
w('map.ckpt', msg.SerializeToString())
w('shape.ckpt', pb.ckpt_bytes([('fc.weight', fc_w.T.copy()), ('fc.bias', fc_b)]))
w('dtype.ckpt', pb.ckpt_bytes([('fc.weight', fc_w.astype(np.int32)), ('fc.bias', fc_b)]))
