# samples/mlp.py (what `make demo` runs) against an independent numpy
# computation of the same network: same text, numbers within 1e-5 relative.
# RUN: %msc run %S/../../samples/mlp.py > %t.out
# RUN: %python %S/Inputs/mlp_ref.py > %t.ref
# RUN: %python %S/Inputs/numeq.py %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# CHECK: layers.0.weight  (8, 16)  Float32
# CHECK: logits: (2, 3) Float32
# CHECK: predicted classes: [{{[0-2]}} {{[0-2]}}]
