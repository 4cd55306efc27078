# Unknown modules inside the libraries are clear errors at the import line.
import mindspore as ms
print(ms.PYNATIVE_MODE)
import mindspore.foo

# ----------------------------------------------------------------------
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: echo 'from mindspore import foo' > %t.from.py
# RUN: not %msc run %t.from.py 2>&1 | FileCheck --check-prefix=FROM %s
# RUN: echo 'import mindspore.nn.cell.x' > %t.notpkg.py
# RUN: not %msc run %t.notpkg.py 2>&1 | FileCheck --check-prefix=NOTPKG %s
# RUN: echo 'import numpy.linalg_missing as la' > %t.np.py
# RUN: not %msc run %t.np.py 2>&1 | FileCheck --check-prefix=NP %s
# RUN: echo 'import torch' > %t.torch.py
# RUN: not %msc run %t.torch.py 2>&1 | FileCheck --check-prefix=TORCH %s
# CHECK: 1
# CHECK-NEXT: {{^.*}}import_errors.py:4:1: error: ModuleNotFoundError: No module named 'mindspore.foo'{{$}}
# CHECK-NEXT: {{^}}import mindspore.foo{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: note
# FROM: error: ImportError: cannot import name 'foo' from 'mindspore' (<msc-lib>/mindspore/__init__.py)
# NOTPKG: error: ModuleNotFoundError: No module named 'mindspore.nn.cell.x'; 'mindspore.nn.cell' is not a package
# NP: error: ModuleNotFoundError: No module named 'numpy.linalg_missing'
# TORCH: error: ModuleNotFoundError: No module named 'torch' ({{.*}}msc provides: {{.*}}math, mindspore, numpy{{.*}})
