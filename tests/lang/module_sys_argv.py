# RUN: %msc run %s first "second arg" -x > %t.out
# RUN: %python %s first "second arg" -x > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# RUN: %msc run %s > %t.noargs
# RUN: FileCheck --check-prefix=NOARGS %s --input-file %t.noargs
# sys.argv: the script path, then the script's own arguments, untouched
# (including ones that look like options).
import sys
print(len(sys.argv))
print(sys.argv[0].endswith("module_sys_argv.py"))
print(sys.argv[1:])
for a in sys.argv[1:]:
    print("arg", repr(a))
# CHECK: 4
# CHECK-NEXT: True
# CHECK-NEXT: ['first', 'second arg', '-x']
# CHECK-NEXT: arg 'first'
# CHECK-NEXT: arg 'second arg'
# CHECK-NEXT: arg '-x'
# NOARGS: 1
# NOARGS-NEXT: True
# NOARGS-NEXT: []
