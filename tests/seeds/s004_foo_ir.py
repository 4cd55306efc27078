# RUN: %msc run --backend=ref --dump-ir %shared/seed-examples/s004_foo_ir.py 2>%t.ir | FileCheck %s
# RUN: FileCheck %shared/seed-examples/s004_foo_ir.ircheck --input-file %t.ir
# RUN: %msc run --dump-ir %shared/seed-examples/s004_foo_ir.py 2>%t.cc.ir | FileCheck %s
# RUN: FileCheck %shared/seed-examples/s004_foo_ir.ircheck --input-file %t.cc.ir
# RUN: %msc opt --verify-each %t.ir | diff - %t.ir
# RUN: %msc run -O0 --dump-ir %shared/seed-examples/s004_foo_ir.py 2>%t.O0.ir | FileCheck %s
# RUN: FileCheck %shared/seed-examples/s004_foo_ir.ircheck --input-file %t.O0.ir
# RUN: %msc run -O2 --dump-ir %shared/seed-examples/s004_foo_ir.py 2>%t.O2.ir | FileCheck %s
# RUN: FileCheck %shared/seed-examples/s004_foo_ir.ircheck --input-file %t.O2.ir
# RUN: %msc run -O2 --backend=ref --dump-ir %shared/seed-examples/s004_foo_ir.py 2>%t.O2r.ir | FileCheck %s
# RUN: FileCheck %shared/seed-examples/s004_foo_ir.ircheck --input-file %t.O2r.ir
# Seed 004's graph of `foo` as msc dumps it satisfies the seed's .ircheck
# (SEMANTICS.md §9), with both backends, at the default level, -O0 and -O2
# (no pass has anything to do on one Add of two inputs), and parses back
# byte-identically.
# CHECK: 3
