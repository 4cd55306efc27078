"""pb.py — Python's protobuf classes of msc's serial/proto/*.proto, made at
test time by protoc (Debian's protobuf-compiler) into a temporary directory:
an encoder/decoder of .ckpt and .mindir files independent of msc's C code
(protobuf-c). `import pb` then pb.ckpt (checkpoint_pb2), pb.mindir
(mind_ir_pb2)."""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
PROTO_DIR = os.path.join(REPO, 'serial', 'proto')
_tmp = tempfile.mkdtemp(prefix='msc-pb-')
atexit.register(shutil.rmtree, _tmp, True)
subprocess.run(['protoc', '--python_out=' + _tmp, '-I' + PROTO_DIR,
                os.path.join(PROTO_DIR, 'checkpoint.proto'), os.path.join(PROTO_DIR, 'mind_ir.proto')],
               check=True)
sys.path.insert(0, _tmp)
import checkpoint_pb2 as ckpt  # noqa: E402
import mind_ir_pb2 as mindir  # noqa: E402

import binascii  # noqa: E402
import numpy as np  # noqa: E402

# MindSpore's tensor_type strings (serialization.py tensor_to_np_type)
NP_OF = {"Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16, "Int32": np.int32,
         "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64, "Float16": np.float16,
         "Float32": np.float32, "Float64": np.float64, "Bool": np.bool_}
NAME_OF = {np.dtype(v): k for k, v in NP_OF.items()}


def ckpt_bytes(items, crc=False, chunk=512 * 1024 * 1024):
    """MindSpore's _exec_save written again with Python's protobuf:
    items [(name, ndarray or str)] -> the .ckpt bytes."""
    out = b''
    crc_num = 0
    for name, value in items:
        if isinstance(value, str):
            pieces = [(np.array(value).tobytes(), [0], 'str')]
        else:
            data = value.tobytes()
            pieces = [(data[i:i + chunk], list(value.shape), NAME_OF[value.dtype])
                      for i in range(0, len(data), chunk)]
        for content, dims, typ in pieces:
            msg = ckpt.Checkpoint()
            v = msg.value.add()
            v.tag = name
            v.tensor.dims.extend(dims)
            v.tensor.tensor_type = typ
            v.tensor.tensor_content = content
            s = msg.SerializeToString()
            crc_num = binascii.crc32(s, crc_num)
            out += s
    if crc:
        out += b'crc_num' + crc_num.to_bytes(10, byteorder='big')
    return out


def ckpt_read(data):
    """MindSpore's _parse_ckpt_proto + _load_into_param_dict (the checks it
    makes), in Python: [(name, ndarray or str)] and whether a crc was there."""
    has_crc = data[-17:-10] == b'crc_num'
    if has_crc:
        want = int.from_bytes(data[-10:], 'big')
        data = data[:-17]
        assert binascii.crc32(data) == want, 'crc mismatch'
    msg = ckpt.Checkpoint()
    msg.ParseFromString(data)
    out = []
    parts = []
    vals = list(msg.value)
    for i, el in enumerate(vals):
        parts.append(el.tensor.tensor_content)
        if i == len(vals) - 1 or vals[i + 1].tag != el.tag:
            raw = b''.join(parts)
            parts = []
            if el.tensor.tensor_type == 'str':
                out.append((el.tag, str(np.frombuffer(raw, 'U' + str(len(raw) // 4))[0])))
            else:
                dims = list(el.tensor.dims)
                if dims == [0]:
                    dims = []
                out.append((el.tag, np.frombuffer(raw, NP_OF[el.tensor.tensor_type]).reshape(dims)))
    return out, has_crc
