# No pass changes a result: the LeNet-5 of lenet.py (conv, ReLU, max pool
# twice, three Dense layers; weights from .npy files drawn by
# Inputs/lenet_gen.py) compiled at -O0, -O1 and -O2 with the cc backend and
# with the reference executor. Every output (batch 1 and 64, in PyNative and
# Graph mode) is compared with the independent numpy forward of
# Inputs/lenet_ref.py (float64 im2col) and with the -O0 cc output, numbers
# within 1e-6 + 1e-5 relative (numeq.py). Each run must log that it compiled
# the LeNet5 graph (-v).
# RUN: rm -rf %t.d && %python %S/Inputs/lenet_gen.py %t.d
# RUN: %python %S/Inputs/lenet_ref.py %t.d numpy > %t.numpy
# RUN: %msc run -v -O0 --backend=cc %S/lenet.py %t.d > %t.cc.O0 2> %t.cc.O0.log
# RUN: %msc run -v -O1 --backend=cc %S/lenet.py %t.d > %t.cc.O1 2> %t.cc.O1.log
# RUN: %msc run -v -O2 --backend=cc %S/lenet.py %t.d > %t.cc.O2 2> %t.cc.O2.log
# RUN: %msc run -v -O0 --backend=ref %S/lenet.py %t.d > %t.ref.O0 2> %t.ref.O0.log
# RUN: %msc run -v -O1 --backend=ref %S/lenet.py %t.d > %t.ref.O1 2> %t.ref.O1.log
# RUN: %msc run -v -O2 --backend=ref %S/lenet.py %t.d > %t.ref.O2 2> %t.ref.O2.log
# RUN: for f in %t.cc.O0 %t.cc.O1 %t.cc.O2 %t.ref.O0 %t.ref.O1 %t.ref.O2; do grep -q "msc: jit: compiling 'LeNet5_construct'" $f.log || { echo "$f: no graph compiled"; exit 1; }; done
# RUN: for f in %t.cc.O0 %t.cc.O1 %t.cc.O2 %t.ref.O0 %t.ref.O1 %t.ref.O2; do %python %S/../e2e/Inputs/numeq.py %t.numpy $f || exit 1; done
# RUN: for f in %t.cc.O1 %t.cc.O2 %t.ref.O0 %t.ref.O1 %t.ref.O2; do %python %S/../e2e/Inputs/numeq.py %t.cc.O0 $f || exit 1; done
# RUN: FileCheck %s --input-file %t.cc.O2
# CHECK: graph x1 float32 (1, 10)
# CHECK: graph x64 float32 (64, 10)
