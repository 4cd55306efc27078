# SystemExit via sys.exit(n) from inside nested calls: the exit status is n,
# nothing after it runs, and no diagnostic is printed.
import sys

def stop(code):
    print("stopping")
    sys.exit(code)

def run():
    stop(4)
    print("not reached")

run()
print("not reached either")

# ----------------------------------------------------------------------
# RUN: %msc run %s > %t.out 2> %t.err; test $? -eq 4
# RUN: count 0 < %t.err
# RUN: FileCheck %s --input-file %t.out
# RUN: %python %s > %t.ref 2>&1; test $? -eq 4
# RUN: diff -u %t.ref %t.out
# CHECK: stopping
# CHECK-NOT: reached
