# Checkpoints written by other tools load in msc: by Python's protobuf with
# MindSpore's writing algorithm (a parameter cut in chunks, a string, a crc
# trailer: Inputs/make_ckpts.py), and by protoc --encode from a text proto.
# Bad files are ValueErrors naming the file and what is wrong, never a crash;
# mismatches with the network are MindSpore's RuntimeErrors.
# RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/make_ckpts.py %t
# RUN: %msc run %S/Inputs/load_ckpt.py %t/golden.ckpt | FileCheck --check-prefix=GOLD %s
# RUN: %msc run %S/Inputs/load_ckpt.py %t/golden_crc.ckpt crc | FileCheck --check-prefix=CRC %s
# RUN: protoc --encode=Checkpoint -I%S/../../serial/proto %S/../../serial/proto/checkpoint.proto < %S/Inputs/golden_ckpt.txtpb > %t/text.ckpt
# RUN: %msc run %S/Inputs/load_ckpt.py %t/text.ckpt | FileCheck --check-prefix=TEXT %s
# RUN: %msc run %S/Inputs/load_ckpt.py %t/truncated.ckpt 2>&1 | FileCheck --check-prefix=TRUNC %s; test ${PIPESTATUS[0]} -eq 1
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/corrupt.ckpt 2>&1 | FileCheck --check-prefix=CORRUPT %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/npy.ckpt 2>&1 | FileCheck --check-prefix=MAGIC %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/encrypted.ckpt 2>&1 | FileCheck --check-prefix=ENC %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/empty.ckpt 2>&1 | FileCheck --check-prefix=EMPTY %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/oversized.ckpt 2>&1 | FileCheck --check-prefix=OVER %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/duplicate.ckpt 2>&1 | FileCheck --check-prefix=DUP %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/badcrc.ckpt crc 2>&1 | FileCheck --check-prefix=BADCRC %s
# RUN: %msc run %S/Inputs/load_ckpt.py %t/badcrc.ckpt > /dev/null
# RUN: %msc run %S/Inputs/load_ckpt.py %t/complex.ckpt 2>&1 | FileCheck --check-prefix=COMPLEX %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/bf16.ckpt 2>&1 | FileCheck --check-prefix=BF16 %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/unknown.ckpt 2>&1 | FileCheck --check-prefix=UNKNOWN %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/map.ckpt 2>&1 | FileCheck --check-prefix=MAP %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/missing.ckpt 2>&1 | FileCheck --check-prefix=MISSING %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/shape.ckpt 2>&1 | FileCheck --check-prefix=SHAPE %s
# RUN: not %msc run %S/Inputs/load_ckpt.py %t/dtype.ckpt 2>&1 | FileCheck --check-prefix=DTYPE %s
# RUN: %msc run %s %t 2>&1 | FileCheck %s

# GOLD: fc.weight Float32 (2, 3) [-0.5, -0.25, 0.0, 0.25, 0.5, 0.75]
# GOLD-NEXT: fc.bias Float32 (2,) [0.5, -1.0]
# GOLD-NEXT: step Int32 () [42]
# GOLD-NEXT: chunked Float32 (6,) [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
# GOLD-NEXT: note 'trained'
# GOLD-NEXT: ([], ['step', 'chunked', 'note'])
# GOLD-NEXT: {{\[\[}}-0.25 0.5 ]]
# CRC: step Int32 () [42]
# TEXT: fc.weight Float32 (2, 3) [0.5, 1.0, 1.5, 2.0, -1.0, 0.0]
# TEXT: {{\[\[}}4. 1.]]
# TRUNC: error: ValueError: Failed to read the checkpoint file '{{.*}}truncated.ckpt': the file is not a MindSpore checkpoint, or it is truncated or corrupted (the protobuf message cannot be parsed).
# CORRUPT: error: ValueError: Failed to read the checkpoint file '{{.*}}corrupt.ckpt': the file is not a MindSpore checkpoint, or it is truncated or corrupted
# MAGIC: error: ValueError: Failed to read the checkpoint file '{{.*}}npy.ckpt': the file is not a MindSpore checkpoint
# ENC: error: ValueError: Failed to read the checkpoint file '{{.*}}encrypted.ckpt': the file is encrypted (AES-GCM); msc cannot decrypt checkpoints: save it again without enc_key.
# EMPTY: error: ValueError: Failed to read the checkpoint file '{{.*}}empty.ckpt': the file is empty.
# OVER: error: ValueError: Failed to read the checkpoint file '{{.*}}oversized.ckpt': parameter 'huge': shape (1000, 1000) of Float32 needs 4000000 bytes, the file holds 8.
# DUP: error: ValueError: Failed to read the checkpoint file '{{.*}}duplicate.ckpt': the parameter name 'a' appears twice.
# BADCRC: error: ValueError: Failed to read the checkpoint file '{{.*}}badcrc.ckpt': the crc check failed (the file says {{[0-9]+}}, its data gives {{[0-9]+}}): the file is damaged.
# complex64 loads (numpy's np.complex64 bytes, as MindSpore writes them)
# COMPLEX: z Complex64 (2,) [(1.5-2j), 0.25j]
# BF16: error: ValueError: Failed to read the checkpoint file '{{.*}}bf16.ckpt': parameter 'h' has dtype BFloat16, which msc does not support.
# UNKNOWN: error: ValueError: Failed to read the checkpoint file '{{.*}}unknown.ckpt': parameter 'q' has an unknown tensor_type 'Complex32'.
# MAP: error: ValueError: Failed to read the checkpoint file '{{.*}}map.ckpt': parameter 'table' is a MapParameter, which msc does not support.
# MISSING: error: ValueError: For 'load_checkpoint', the checkpoint file: {{.*}}missing.ckpt does not exist, please check whether the 'ckpt_file_name' is correct.
# SHAPE: error: RuntimeError: For 'load_param_into_net', fc.weight in the argument 'net' should have the same shape as fc.weight in the argument 'parameter_dict'. But got its shape (2, 3) in the argument 'net' and shape (3, 2) in the argument 'parameter_dict'.
# DTYPE: error: RuntimeError: For 'load_param_into_net', fc.weight in the argument 'net' should have the same type as fc.weight in the argument 'parameter_dict'. but got its type Float32 in the argument 'net' and type Int32 in the argument 'parameter_dict'.

# The arguments' own errors (MindSpore's types and messages).
import sys
import mindspore as ms
from mindspore import nn

d = sys.argv[1]
print(ms.save_checkpoint(nn.Dense(2, 2), d + "/plain") is None, ms.load_checkpoint(d + "/plain.ckpt")["weight"].shape)
# CHECK: True (2, 2)
