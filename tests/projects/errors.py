# Errors of multi-file programs, each at the line with CPython's exception
# and text, exit status 1: a submodule that does not exist (saying where it
# was looked for), a relative import beyond the top-level package (at the
# imported file's line, then the import), a relative import in the script, a
# syntax error in an imported module (at that module's line), open() of a
# missing file. CPython raises the same exceptions (PY lines).
#
# RUN: cd %S/Inputs/errs && not %msc run missing_sub.py 2>&1 | FileCheck --check-prefix=SUB %s
# RUN: cd %S/Inputs/errs && %msc run missing_sub.py > /dev/null 2>&1; test $? -eq 1
# RUN: cd %S/Inputs/errs && not %python -B missing_sub.py 2>&1 | FileCheck --check-prefix=PYSUB %s
# SUB: missing_sub.py:1:1: error: ModuleNotFoundError: No module named 'pkg.nothere_mod' (looked in 'pkg'){{$}}
# SUB-NEXT: {{^}}import pkg.nothere_mod{{$}}
# PYSUB: ModuleNotFoundError: No module named 'pkg.nothere_mod'
#
# RUN: cd %S/Inputs/errs && not %msc run beyond.py 2>&1 | FileCheck --check-prefix=BEYOND %s
# RUN: cd %S/Inputs/errs && not %python -B beyond.py 2>&1 | FileCheck --check-prefix=PYBEYOND %s
# BEYOND: pkg/beyond.py:1:1: error: ImportError: attempted relative import beyond top-level package{{$}}
# BEYOND-NEXT: {{^}}from .. import up{{$}}
# BEYOND: beyond.py:1:1: note: called from here
# PYBEYOND: ImportError: attempted relative import beyond top-level package
#
# RUN: cd %S/Inputs/errs && not %msc run main_relative.py 2>&1 | FileCheck --check-prefix=REL %s
# RUN: cd %S/Inputs/errs && not %python -B main_relative.py 2>&1 | FileCheck --check-prefix=PYREL %s
# REL: main_relative.py:1:1: error: ImportError: attempted relative import with no known parent package{{$}}
# PYREL: ImportError: attempted relative import with no known parent package
#
# RUN: not %msc run %S/Inputs/bad/main.py 2>&1 | FileCheck --check-prefix=SYN %s
# RUN: not %python -B %S/Inputs/bad/main.py 2>&1 | FileCheck --check-prefix=PYSYN %s
# SYN: badmod.py:2:7: error: unexpected ':'
# SYN-NEXT: {{^}}def f(:{{$}}
# SYN: main.py:1:1: error: SyntaxError: module 'badmod' ({{.*}}badmod.py) has syntax errors (reported above)
# SYN-NEXT: {{^}}import badmod{{$}}
# PYSYN: badmod.py", line 2
# PYSYN: SyntaxError: invalid syntax
#
# RUN: cd %S/Inputs/errs && not %msc run open_missing.py 2>&1 | FileCheck --check-prefix=OPEN %s
# RUN: cd %S/Inputs/errs && not %python -B open_missing.py 2>&1 | FileCheck --check-prefix=PYOPEN %s
# OPEN: False
# OPEN-NEXT: open_missing.py:3:5: error: FileNotFoundError: [Errno 2] No such file or directory: 'nope.txt'{{$}}
# OPEN-NEXT: {{^}}f = open("nope.txt"){{$}}
# PYOPEN: FileNotFoundError: [Errno 2] No such file or directory: 'nope.txt'
