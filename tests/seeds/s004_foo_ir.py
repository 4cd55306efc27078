# RUN: %msc run --backend=ref --dump-ir %shared/seed-examples/s004_foo_ir.py 2>%t.ir | FileCheck %s
# RUN: FileCheck %shared/seed-examples/s004_foo_ir.ircheck --input-file %t.ir
# RUN: %msc run --dump-ir %shared/seed-examples/s004_foo_ir.py 2>%t.cc.ir | FileCheck %s
# RUN: FileCheck %shared/seed-examples/s004_foo_ir.ircheck --input-file %t.cc.ir
# RUN: %msc opt --verify-each %t.ir | diff - %t.ir
# Seed 004's graph of `foo` as msc dumps it satisfies the seed's .ircheck
# (SEMANTICS.md §9), with both backends, and parses back byte-identically.
# CHECK: 3
