# --dump-ast of a deep tree stays linear in its size: indentation stops at
# 64 levels and deeper lines say their depth. fuzz/parse's timeout: 3,400
# nested unary minus signs printed 11 MB of indentation (20 s under ASan);
# here 2,500 of them (5.6 MB before; now about 0.4 MB). The input is the
# fuzzer's, also in tests/fuzz/corpus/parse.
# RUN: %python -c "print('x = 1 ' + '-' * 2500 + ' 2')" > %t.py
# RUN: %msc run --dump-ast %t.py 2>&1 > /dev/null | FileCheck --strict-whitespace %s
# RUN: %msc run --dump-ast %t.py 2>&1 > /dev/null | wc -c | %python -c "import sys; n = int(sys.stdin.read()); print('bytes', 'ok' if n < 800000 else n)" | FileCheck --check-prefix=SIZE %s
# CHECK: {{^}}                                                                                                                                |65| operand: UnaryOp -
# CHECK: {{^}}                                                                                                                                |2502| operand: Int 2 @1:2508-1:2509
# SIZE: bytes ok
