# Issue 18, classes 3, 6, 14, 15: what the parser refuses, at the line, and
# what it no longer takes quadratic time or memory for. The scripts are made
# by Inputs/make_scripts.py.
#
# RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/make_scripts.py %t
# Class 3: postfix chains longer than the nesting limit (the resolver and the
# evaluator recursed once per link: a stack overflow at 10^6-10^7 links).
# RUN: %msc run %t/calls.py 2>&1 | FileCheck --check-prefix=CALLS %s; test ${PIPESTATUS[0]} -eq 1
# CALLS: calls.py:3:1: error: too many nested expressions or statements: a chain of more than 3000 calls, attributes or subscripts (raise the limit with --limit=nesting=N)
# CALLS-NEXT: f()()()
# CALLS-NEXT: ^~~~~~~
# RUN: %msc run %t/calls_ok.py | FileCheck --check-prefix=OK %s
# OK: ok
# RUN: %msc run %t/attrs.py 2>&1 | FileCheck --check-prefix=ATTRS %s; test ${PIPESTATUS[0]} -eq 1
# ATTRS: attrs.py:5:7: error: too many nested expressions or statements: a chain of more than 3000
# ATTRS-NOT: error
# RUN: %msc run %t/subscripts.py 2>&1 | FileCheck --check-prefix=SUBS %s; test ${PIPESTATUS[0]} -eq 1
# SUBS: subscripts.py:2:1: error: too many nested expressions or statements: a chain of more than 3000
# RUN: %msc run %t/mixed.py 2>&1 | FileCheck --check-prefix=MIXED %s; test ${PIPESTATUS[0]} -eq 1
# MIXED: mixed.py:2:1: error: too many nested expressions or statements: a chain of more than 3000
# RUN: %msc run --limit=nesting=10 %t/calls_ok.py 2>&1 | FileCheck --check-prefix=LOWER %s; test ${PIPESTATUS[0]} -eq 1
# LOWER: calls_ok.py:3:1: error: too many nested expressions or statements: a chain of more than 10 calls
# RUN: %msc run --limit=nesting=5000 %t/calls.py
# Class 6: 80 000 adjacent literals, plain and after an f-string (linear now).
# RUN: %msc run %t/concat.py | FileCheck --check-prefix=CONCAT %s
# CONCAT: 160000
# RUN: %msc run %t/concat_f.py | FileCheck --check-prefix=CONCATF %s
# CONCATF: 160001
# Class 14: a NUL byte inside a string literal is refused (CPython: the
# source cannot contain null bytes); a BOM at the start is skipped.
# RUN: %msc run %t/nul_str.py 2>&1 | FileCheck --check-prefix=NUL %s; test ${PIPESTATUS[0]} -eq 1
# NUL: nul_str.py:1:7: error: source code cannot contain null bytes
# RUN: %msc run %t/nul_triple.py 2>&1 | FileCheck --check-prefix=NUL3 %s; test ${PIPESTATUS[0]} -eq 1
# NUL3: nul_triple.py:2:1: error: source code cannot contain null bytes
# RUN: %msc run %t/bom.py | FileCheck --check-prefix=BOM %s
# RUN: %python %t/bom.py | FileCheck --check-prefix=BOM %s
# BOM: bom
# Class 15: a script past the script-bytes limit; /dev/zero ends there.
# RUN: %msc run --limit=script-bytes=100000 %t/long_line.py 2>&1 | FileCheck --check-prefix=SIZE %s; test ${PIPESTATUS[0]} -eq 1
# SIZE: msc: error: cannot read '{{.*}}long_line.py': it is larger than 100000 bytes (raise the limit with --limit=script-bytes=N)
# RUN: %msc run %t/long_line.py
# RUN: %msc run /dev/zero 2>&1 | FileCheck --check-prefix=ZERO %s; test ${PIPESTATUS[0]} -eq 1
# ZERO: msc: error: cannot read '/dev/zero': it is larger than 8388608 bytes
# RUN: %msc opt --limit=script-bytes=100 %S/../ir/roundtrip.mir 2>&1 | FileCheck --check-prefix=MIR %s; test ${PIPESTATUS[0]} -eq 1
# MIR: msc: error: cannot read '{{.*}}roundtrip.mir': it is larger than 100 bytes
