# sys.exit with a string prints the string to stderr (no diagnostic format,
# no location) and exits with status 1, as CPython does.
import sys

print("partial output")
sys.exit("fatal: bad configuration")

# ----------------------------------------------------------------------
# RUN: %msc run %s > %t.out 2> %t.err; test $? -eq 1
# RUN: %python %s > %t.ref 2> %t.referr; test $? -eq 1
# RUN: diff -u %t.ref %t.out
# RUN: diff -u %t.referr %t.err
# RUN: FileCheck %s --input-file %t.err
# CHECK: {{^}}fatal: bad configuration{{$}}
# CHECK-NOT: error
