# Everything after the script path belongs to the script, even arguments that
# look like msc options; they reach sys.argv unchanged.
# RUN: %msc run %s --syntax-only -O2 --help "two words" "" > %t.out
# RUN: %python %s --syntax-only -O2 --help "two words" "" > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
import sys
print(len(sys.argv) - 1)
for a in sys.argv[1:]:
    print(repr(a))
print(type(sys.argv).__name__, sys.argv[0].endswith("script_args.py"))
# CHECK: 5
# CHECK-NEXT: '--syntax-only'
# CHECK-NEXT: '-O2'
# CHECK-NEXT: '--help'
# CHECK-NEXT: 'two words'
# CHECK-NEXT: ''
# CHECK-NEXT: list True
