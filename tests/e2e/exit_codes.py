# The exit status table: 0 success, 1 error in the script (syntax or run
# time), 2 bad usage, n for sys.exit(n).
# RUN: printf 'print("ok")\n' > %t.ok.py
# RUN: %msc run %t.ok.py
# RUN: printf 'x = (\n' > %t.syntax.py
# RUN: %msc run %t.syntax.py 2>/dev/null; test $? -eq 1
# RUN: printf 'x = [][0]\n' > %t.runtime.py
# RUN: %msc run %t.runtime.py 2>/dev/null; test $? -eq 1
# RUN: printf 'import sys\nsys.exit(7)\n' > %t.exit7.py
# RUN: %msc run %t.exit7.py; test $? -eq 7
# RUN: printf 'import sys\nsys.exit(0)\nprint(1 / 0)\n' > %t.exit0.py
# RUN: %msc run %t.exit0.py
# RUN: printf 'raise SystemExit(5)\n' > %t.sysexit.py
# RUN: %msc run %t.sysexit.py; test $? -eq 5
# RUN: %msc run 2>/dev/null; test $? -eq 2
# RUN: %msc frobnicate 2>/dev/null; test $? -eq 2
print("exit codes")
