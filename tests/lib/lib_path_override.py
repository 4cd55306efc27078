# MSC_LIB_PATH points msc at a lib/ tree on disk instead of the embedded
# copy (DESIGN.md, "Rules the interpreter keeps"). The stand-in tree in
# Inputs/fakelib has a package (mindspore), a plain submodule
# (mindspore.nn) and a top-level module (helper).
import sys
import mindspore as ms
import mindspore.nn as nn
from mindspore import nn as nn2
import helper

print(ms.VERSION, ms.__name__, nn.__name__, nn is nn2, ms.nn is nn)
print(ms.__file__.endswith('fakelib/mindspore/__init__.py'), ms.__path__[0].endswith('fakelib/mindspore'))
print(nn.__package__, ms.__package__, 'mindspore.nn' in sys.modules)
print(helper.twice(lambda v: v * 3, 2))

def validate(n):
    return nn.check(n)

print(validate(5))
validate(-1)

# ----------------------------------------------------------------------
# RUN: env MSC_LIB_PATH=%S/Inputs/fakelib not %msc run %s > %t.out 2> %t.err
# RUN: FileCheck --check-prefix=OUT %s < %t.out
# RUN: FileCheck --strict-whitespace --check-prefix=ERR %s < %t.err
# OUT: from disk mindspore mindspore.nn True True
# OUT-NEXT: True True
# OUT-NEXT: mindspore mindspore True
# OUT-NEXT: 18
# OUT-NEXT: 5
# The error is reported at the user's innermost line, the user's callers
# follow, then the library frames from the call inwards.
# ERR: {{^.*}}lib_path_override.py:17:12: error: ValueError: n must be non-negative, got -1{{$}}
# ERR-NEXT: {{^}}    return nn.check(n){{$}}
# ERR-NEXT: {{^}}           ^~~~~~~~~~~{{$}}
# ERR-NEXT: {{^.*}}lib_path_override.py:20:1: note: called from here{{$}}
# ERR-NEXT: {{^}}validate(-1){{$}}
# ERR-NEXT: {{^}}^~~~~~~~~~~~{{$}}
# ERR-NEXT: {{^.*}}/Inputs/fakelib/mindspore/nn.py:3:12: note: in library code{{$}}
# ERR-NEXT: {{^}}    return _inner(n){{$}}
# ERR-NEXT: {{^}}           ^~~~~~~~~{{$}}
# ERR-NEXT: {{^.*}}/Inputs/fakelib/mindspore/nn.py:8:9: note: raised here, in library code{{$}}
# ERR-NEXT: {{^}}        raise ValueError("n must be non-negative, got " + str(n)){{$}}
# ERR-NEXT: {{^ *\^~*$}}
# ERR-NOT: {{.}}
#
# An error while a library module is being imported: at the import line.
# RUN: env MSC_LIB_PATH=%S/Inputs/fakelib not %msc run %S/Inputs/import_broken.py 2> %t.err2
# RUN: FileCheck --check-prefix=BROKEN %s < %t.err2
# BROKEN: import_broken.py:2:1: error: RuntimeError: broken at import
# BROKEN-NEXT: import mindspore.broken
# BROKEN: fakelib/mindspore/broken.py:3:1: note: raised here, in library code
#
# The module list of the error names what the tree on disk provides.
# RUN: echo 'import numpy' > %t.np.py
# RUN: env MSC_LIB_PATH=%S/Inputs/fakelib not %msc run %t.np.py 2>&1 | FileCheck --check-prefix=NONP %s
# NONP: error: ModuleNotFoundError: No module named 'numpy' ({{.*}}msc provides: helper, math, mindspore, sys, time)
#
# MSC_LIB_PATH=lib (the source tree) behaves as the embedded copy.
# RUN: env MSC_LIB_PATH=%S/../../lib %msc run %S/cell_param_names.py | FileCheck %S/cell_param_names.py
#
# A syntax error in a library module: the parser's diagnostic, then an
# ImportError at the user's import.
# RUN: env MSC_LIB_PATH=%S/Inputs/badlib not %msc run %S/Inputs/import_from_bad.py > %t.out3 2> %t.err3
# RUN: FileCheck --check-prefix=BADOUT %s < %t.out3
# RUN: FileCheck --check-prefix=BAD %s < %t.err3
# BADOUT: before
# BAD: badlib/mindspore/__init__.py:2:7: error:
# BAD: import_from_bad.py:2:1: error: ImportError: library module 'mindspore' has syntax errors (reported above)
