# RUN: %msc run %s > %t.out 2> %t.err
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# RUN: count 0 < %t.err
# sys.exit() and sys.exit(0) and sys.exit(None) exit with status 0.
import sys
print("before")
if len(sys.argv) > 5:
    sys.exit(0)
sys.exit()
print("after")
# CHECK: before
# CHECK-NOT: after
