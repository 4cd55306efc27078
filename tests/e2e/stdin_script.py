# "-" reads the script from standard input; it is then named "<stdin>" in
# diagnostics, sys.argv[0] is "-" (as in CPython) and later arguments follow.
# RUN: %msc run - < %s > %t.out
# RUN: %python - < %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# RUN: %msc run - one two < %s > %t.out2
# RUN: %python - one two < %s > %t.ref2
# RUN: diff -u %t.ref2 %t.out2
# RUN: FileCheck --check-prefix=ARGS %s --input-file %t.out2
# RUN: printf 'x = 1\ny = x / 0\n' > %t.bad.py
# RUN: not %msc run - < %t.bad.py 2>&1 | FileCheck --strict-whitespace --check-prefix=DIAG %s
# RUN: %msc run - < %t.bad.py > /dev/null 2>&1; test $? -eq 1
# RUN: printf '' | %msc run - | count 0
import sys
print("from stdin", 6 * 7)
print(sys.argv)
# CHECK: from stdin 42
# CHECK-NEXT: ['-']
# ARGS: ['-', 'one', 'two']
# DIAG: {{^}}<stdin>:2:5: error: ZeroDivisionError: division by zero{{$}}
# DIAG-NEXT: {{^}}y = x / 0{{$}}
# DIAG-NEXT: {{^}}    ^~~~~{{$}}
