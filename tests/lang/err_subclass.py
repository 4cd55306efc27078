# Built-in classes msc cannot subclass, and CPython's layout conflict,
# reported at the base. Each case is one line run from stdin.
# RUN: echo 'class X(dict, list): pass' | not %msc run - 2>&1 | FileCheck --check-prefix=LAYOUT %s
# LAYOUT: <stdin>:1:15: error: TypeError: multiple bases have instance lay-out conflict
# RUN: echo 'class X(str): pass' | not %msc run - 2>&1 | FileCheck --check-prefix=STR %s
# STR: <stdin>:1:9: error: TypeError: subclassing 'str' is not supported by msc
# RUN: echo 'class D(dict): pass' > %t.py && echo 'hash(D())' >> %t.py && not %msc run %t.py 2>&1 | FileCheck --check-prefix=HASH %s
# HASH: error: TypeError: unhashable type: 'D'
# RUN: echo 'tuple.__new__(list)' | not %msc run - 2>&1 | FileCheck --check-prefix=NEW %s
# NEW: error: TypeError: tuple.__new__(list): list is not a subtype of tuple
