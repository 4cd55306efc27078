# samples/digits_train.py (issue 8 item 8: an MLP 64-128-10 trained on the 8x8
# digits with a shuffled, batched NumpySlicesDataset, CrossEntropyLoss, Adam
# and a @ms.jit train step) under msc run: both backends and --mode=pynative. Inputs/digits_check.py
# checks each output: 10 epoch losses, strictly decreasing; the test accuracy
# >= 0.95 and consistent with the printed predictions (recounted against the
# labels in samples/data). It also compares them with an independent numpy
# re-implementation of the same training (Inputs/digits_ref.py: the same
# initial weights and shuffle order from numpy's legacy streams, as msc's
# initialisers and dataset document them; float64 forward, backward and
# MindSpore's Adam): every epoch loss within a relative 1e-4, the same
# accuracy and the same 360 predictions. The train step must really be a
# compiled graph (-v logs it).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/digits_ref.py %S/../../samples/data > %t/numpy
# RUN: %python %S/Inputs/digits_check.py %S/../../samples/data %t/numpy
# RUN: cd %t && %msc run -v %S/../../samples/digits_train.py %S/../../samples/data --predictions > %t/cc 2> %t/cc.err
# RUN: %python %S/Inputs/digits_check.py %S/../../samples/data %t/cc %t/numpy
# RUN: FileCheck --check-prefix=LOG --implicit-check-not=warning %s < %t/cc.err
# RUN: %msc run --backend=ref %S/../../samples/digits_train.py --predictions %S/../../samples/data > %t/ref 2> %t/ref.err
# RUN: %python %S/Inputs/digits_check.py %S/../../samples/data %t/ref %t/numpy
# RUN: count 0 < %t/ref.err
# RUN: %msc run --mode=pynative %S/../../samples/digits_train.py --predictions %S/../../samples/data > %t/pyn 2> /dev/null
# RUN: %python %S/Inputs/digits_check.py %S/../../samples/data %t/pyn %t/numpy
# without a data directory, samples/data from the repository root; without
# --predictions the output is the same minus that line
# RUN: mkdir -p %t/root && ln -s %S/../../samples %t/root/samples
# RUN: cd %t/root && %msc run samples/digits_train.py > %t/plain 2> /dev/null
# RUN: grep -v '^predictions:' %t/cc | diff - %t/plain
# RUN: FileCheck --check-prefix=OUT --match-full-lines %s < %t/plain

# LOG: msc: jit: compiling 'train_step' (first call): {{.*}}

# OUT: epoch 1: loss {{[0-9.]+}}
# OUT: epoch 10: loss {{[0-9.]+}}
# OUT-NEXT: test accuracy: {{0\.9[5-9][0-9]*|1\.0+}} ({{[0-9]+}}/360)
# OUT-NOT: {{.}}
