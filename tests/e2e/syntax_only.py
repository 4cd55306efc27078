# --syntax-only parses and reports, but runs nothing: a script that prints and
# then fails at run time prints nothing and exits 0; a syntax error exits 1.
# RUN: %msc run --syntax-only %s > %t.out 2> %t.err
# RUN: count 0 < %t.out
# RUN: count 0 < %t.err
# RUN: printf 'def f(:\n    pass\n' > %t.bad.py
# RUN: %msc run --syntax-only %t.bad.py > %t.out 2> %t.err; test $? -eq 1
# RUN: count 0 < %t.out
# RUN: FileCheck %s --input-file %t.err
# RUN: %msc run --syntax-only - < %s | count 0
# RUN: %msc run %s > %t.run 2>/dev/null; test $? -eq 1
# RUN: FileCheck --check-prefix=OUT %s --input-file %t.run
import sys
print("this must not be printed under --syntax-only")
sys.exit(1)
# CHECK: bad.py:1:7: error:
# OUT: this must not be printed under --syntax-only
