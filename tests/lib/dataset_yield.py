# A Python generator function as GeneratorDataset's source: called again
# each epoch, its rows batched.
# RUN: %msc run %s | FileCheck %s
# CHECK: epoch 0 [0, 1] [2, 3]
# CHECK-NEXT: epoch 1 [0, 1] [2, 3]
# CHECK-NEXT: calls 2
import numpy as np
import mindspore.dataset as ds

calls = []


def gen():
    calls.append(1)
    for i in range(4):
        yield (np.array(i, np.int32),)


data = ds.GeneratorDataset(gen, column_names=["data"]).batch(2)
for epoch in range(2):
    print("epoch", epoch, *[b[0].asnumpy().tolist() for b in data.create_tuple_iterator()])
print("calls", len(calls))
