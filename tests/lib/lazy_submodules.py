# `import mindspore` leaves mindspore.train and mindspore.dataset for their
# first use (the package's PEP 562 __getattr__): a third of lib/mindspore,
# parsed on every msc run otherwise. Every name MindSpore's package exports
# from them is still there: attribute reads, hasattr, from-imports, the
# submodules as attributes; a missing name is MindSpore's AttributeError.
#
# RUN: not %msc run %S/Inputs/lazy_submodules.py > %t.out 2> %t.err
# RUN: FileCheck %s < %t.out
# RUN: FileCheck --check-prefix=ERR %s < %t.err
# CHECK: after import: False False
# CHECK-NEXT: True True False
# CHECK-NEXT: Model save_checkpoint export load_param_into_net
# CHECK-NEXT: True True
# CHECK-NEXT: GeneratorDataset True
# CHECK-NEXT: True
# ERR: lazy_submodules.py:11:1: error: AttributeError: module 'mindspore' has no attribute 'no_such_name'
