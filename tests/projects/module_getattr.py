# PEP 562: a module's own __getattr__(name) answers the names its dict lacks
# (attribute reads, hasattr, getattr with a default, `from m import name`),
# is not asked for names it has, and its AttributeError is the caller's.
# lib/mindspore imports mindspore.train and mindspore.dataset this way (see
# tests/lib/lazy_submodules.py). CPython's output is the reference.
#
# RUN: cd %S/Inputs/modgetattr && %msc run main.py > %t.msc
# RUN: cd %S/Inputs/modgetattr && %python -B main.py > %t.py
# RUN: diff %t.py %t.msc
# RUN: FileCheck %s < %t.msc
# CHECK: loaded: False
# CHECK: hasattr missing: False ['missing']
# CHECK: importing lazypkg.heavy
# CHECK-NEXT: Thing: Thing loaded: True
# CHECK: AttributeError: module 'lazypkg' has no attribute 'nope'
# CHECK: ImportError: cannot import name 'nope2' from 'lazypkg'
