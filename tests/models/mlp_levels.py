# No pass changes a result: samples/mlp.py (Dense 16-8, ReLU, Dense 8-3, a
# print in construct, softmax, argmax), switched to GRAPH_MODE, compiled at
# -O0, -O1 and -O2 with the cc backend and with the reference executor (ref).
# Each of the six outputs is checked against an independent numpy forward in
# float64 (Inputs/mlp_ref.py: |got - want| <= 1e-6 + 1e-5 |want|), and all
# of them against the -O0 cc output and the PyNative output (numeq.py, same
# tolerance: float32 printed with repr, sums possibly reordered). Each graph
# run must log that it compiled MLP_construct (-v), so a run that silently
# fell back to PyNative cannot pass.
# RUN: sed 's/PYNATIVE_MODE/GRAPH_MODE/' %S/../../samples/mlp.py > %t.mlp.py
# RUN: %msc run %S/../../samples/mlp.py > %t.pynative
# RUN: %python %S/Inputs/mlp_ref.py %t.pynative
# RUN: %msc run -v -O0 --backend=cc %t.mlp.py > %t.cc.O0 2> %t.cc.O0.log
# RUN: %msc run -v -O1 --backend=cc %t.mlp.py > %t.cc.O1 2> %t.cc.O1.log
# RUN: %msc run -v -O2 --backend=cc %t.mlp.py > %t.cc.O2 2> %t.cc.O2.log
# RUN: %msc run -v -O0 --backend=ref %t.mlp.py > %t.ref.O0 2> %t.ref.O0.log
# RUN: %msc run -v -O1 --backend=ref %t.mlp.py > %t.ref.O1 2> %t.ref.O1.log
# RUN: %msc run -v -O2 --backend=ref %t.mlp.py > %t.ref.O2 2> %t.ref.O2.log
# RUN: for f in %t.cc.O0 %t.cc.O1 %t.cc.O2 %t.ref.O0 %t.ref.O1 %t.ref.O2; do grep -q "msc: jit: compiling 'MLP_construct'" $f.log || { echo "$f: no graph compiled"; exit 1; }; done
# RUN: %python %S/Inputs/mlp_ref.py %t.cc.O0 %t.cc.O1 %t.cc.O2 %t.ref.O0 %t.ref.O1 %t.ref.O2
# RUN: for f in %t.cc.O1 %t.cc.O2 %t.ref.O0 %t.ref.O1 %t.ref.O2; do %python %S/../e2e/Inputs/numeq.py %t.cc.O0 $f || exit 1; done
# RUN: FileCheck %s --input-file %t.cc.O2
# CHECK: logits:
# CHECK: probabilities:
# CHECK: predicted classes: [1 1]
