# A model-zoo layout (Inputs/zoo): train.py imports LeNet5 from src/lenet.py,
# its config from src/config.py and a GeneratorDataset fed by a generator
# function from src/dataset.py (which imports the config relatively). It
# trains in GRAPH_MODE and must learn the synthetic classes.
#
# RUN: rm -rf %t && mkdir -p %t && cp -r %S/Inputs/zoo %t/zoo
# RUN: cd / && %msc run --backend=ref %t/zoo/train.py 2>&1 | FileCheck %s
# CHECK: Config(batch_size=8, epochs=4, image_size=16, lr=0.05, momentum=0.9, num_classes=4, num_samples=64)
# CHECK-NEXT: epoch 1: 8 steps
# CHECK: epoch 4: 8 steps
# CHECK-NEXT: loss decreased: True
# CHECK-NEXT: accuracy >= 0.75: True
#
# msc compile on the project: byte-identical C whether run from the project
# directory or from elsewhere, and twice in a row.
# RUN: cd %t/zoo && %msc compile train.py -o %t/c1 > /dev/null 2>&1
# RUN: cd / && %msc compile %t/zoo/train.py -o %t/c2 > /dev/null 2>&1
# RUN: cd / && %msc compile %t/zoo/train.py -o %t/c3 > /dev/null 2>&1
# RUN: diff -r %t/c1 %t/c2 && diff -r %t/c2 %t/c3
# RUN: FileCheck --check-prefix=C %s < %t/c1/train.c
# C: lenet.py:{{[0-9]+}}:{{[0-9]+}}
