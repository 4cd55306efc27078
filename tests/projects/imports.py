# A multi-file program (Inputs/imp): modules beside the script, packages with
# __init__.py, relative imports (from . / from .. / from .x import y), module
# caching in sys.modules, __name__ and __package__, a circular import, a
# namespace package, sys.path extended by the script, and the ImportErrors
# CPython raises. Run from another directory; msc's stdout must equal
# CPython's (-B: no __pycache__ in the source tree).
#
# RUN: rm -rf %t && mkdir -p %t && cd %t && %msc run %S/Inputs/imp/main.py > %t/msc.out
# RUN: cd %t && %python -B %S/Inputs/imp/main.py > %t/py.out
# RUN: diff %t/msc.out %t/py.out
# RUN: FileCheck %s < %t/msc.out
# CHECK: main: __main__
# CHECK-NEXT: importing helper as helper
# CHECK-NEXT: True helper 42
# CHECK: init pkg pkg
# CHECK-NEXT: init pkg.a
# CHECK: c:pkg.sub.c 7 1.0
# CHECK: hello from extra
# CHECK-NEXT: 42 nspkg.plain
# CHECK-NEXT: pkg pkg pkg.sub {{$}}
# CHECK-NEXT: False
# CHECK-NEXT: ImportError: cannot import name 'missing_name' from 'pkg'
# CHECK-NEXT: ModuleNotFoundError: No module named 'pkg.nothere'
# CHECK-NEXT: ImportError: cannot import name 'C' from partially initialized module 'cyc_c'
