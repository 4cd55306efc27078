# Bytes that are not Python source text.
# RUN: %python -c "import sys; sys.stdout.buffer.write(b'x = 1\ny = \x00\n')" > %t.nul.py
# RUN: not %msc run --syntax-only %t.nul.py 2>&1 | FileCheck --check-prefix=NUL %s
# NUL: {{.*}}.nul.py:2:5: error: source code cannot contain null bytes
# RUN: %python -c "import sys; sys.stdout.buffer.write(b'x = 1\ny = \xff\n')" > %t.utf8.py
# RUN: not %msc run --syntax-only %t.utf8.py 2>&1 | FileCheck --check-prefix=UTF8 %s
# UTF8: {{.*}}.utf8.py:2:5: error: invalid UTF-8 byte '\xff' (msc reads source files as UTF-8)
# RUN: %python -c "import sys; sys.stdout.buffer.write(b's = \"a\xc3\"\n')" > %t.utf8s.py
# RUN: not %msc run --syntax-only %t.utf8s.py 2>&1 | FileCheck --check-prefix=UTF8S %s
# UTF8S: {{.*}}.utf8s.py:1:7: error: invalid UTF-8 byte '\xc3' (msc reads source files as UTF-8)
# RUN: %python -c "import sys; sys.stdout.buffer.write(b'x = 1\x01\n')" > %t.ctl.py
# RUN: not %msc run --syntax-only %t.ctl.py 2>&1 | FileCheck --check-prefix=CTL %s
# CTL: {{.*}}.ctl.py:1:6: error: invalid non-printable character U+0001
# RUN: %python -c "import sys; sys.stdout.buffer.write(b'if x:\r\n    y = 1\r\nz = (\r\n')" > %t.crlf.py
# RUN: not %msc run --syntax-only %t.crlf.py 2>&1 | FileCheck --check-prefix=CRLF %s
# CRLF: {{.*}}.crlf.py:3:5: error: '(' was never closed
