# RUN: %msc run %s > %t.out 2> %t.err; test $? -eq 3
# RUN: %python %s > %t.ref 2> %t.referr; test $? -eq 3
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# RUN: count 0 < %t.err
# sys.exit(n) ends the script with exit status n: nothing after it runs and
# no diagnostic is printed. The function form and a nested call both work.
import sys
def finish(code):
    print("finishing with", code)
    sys.exit(code)
    print("never")
print("start")
finish(3)
print("never either")
# CHECK: start
# CHECK-NEXT: finishing with 3
# CHECK-NOT: never
