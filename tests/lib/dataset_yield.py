# A Python generator function as GeneratorDataset's source: msc's language
# has no `yield`, so the script is rejected before it runs, at the yield,
# with exit status 1 (the supported forms are a class with __getitem__ and
# __len__, a class with __iter__/__next__, or a list: dataset_pipeline.py).
# RUN: not %msc run %s 2>&1 | FileCheck %s
# RUN: %msc run %s 2>/dev/null; test $? -eq 1
# CHECK: dataset_yield.py:[[@LINE+9]]:9: error: 'yield' expressions are not supported by msc
# CHECK-NEXT: {{^}}        yield (np.array(i, np.int32),)
# CHECK-NOT: generated
import numpy as np
import mindspore.dataset as ds


def gen():
    for i in range(4):
        yield (np.array(i, np.int32),)


print('generated')
data = ds.GeneratorDataset(gen, column_names=["data"])
