# RUN: %msc run %s > %t.out 2> %t.err
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# RUN: count 0 < %t.err
# sys.exit(None) exits with status 0; sys.exit inside nested calls and loops.
import sys
def deep(n):
    if n == 0:
        print("exiting at depth 0")
        sys.exit(None)
    for i in range(3):
        deep(n - 1)
deep(5)
# CHECK: exiting at depth 0
# CHECK-NOT: exiting
