# The front end's rarer errors, each from a few bytes (the sanitizer pass's
# coverage gate must not need the slow hostile/parser_limits.py to reach
# them): a chain longer than --limit=nesting, a NUL byte in the source,
# tabs and spaces mixed in one block's indentation, an unmatched bracket in
# an f-string field.
# RUN: rm -rf %t && mkdir -p %t
# RUN: printf 'x = 1\ny = x.real.real.real.real.real.real.real\n' > %t/chain.py
# RUN: not %msc run --limit=nesting=5 %t/chain.py 2>&1 | FileCheck --check-prefix=CHAIN %s
# CHAIN: chain.py:2:{{[0-9]+}}: error: too many nested expressions or statements: a chain of more than 5 calls, attributes or subscripts
# RUN: printf 'x = "a\0b"\n' > %t/nul.py
# RUN: not %msc run %t/nul.py 2>&1 | FileCheck --check-prefix=NUL %s
# NUL: nul.py:1:{{[0-9]+}}: error: {{.*}}null bytes
# RUN: printf 'if True:\n        x = 1\n\ty = 2\n' > %t/tabs.py
# RUN: not %msc run %t/tabs.py 2>&1 | FileCheck --check-prefix=TABS %s
# TABS: tabs.py:3:{{[0-9]+}}: error: {{.*}}tabs and spaces in indentation
# RUN: printf 'x = 1\nprint(f"{x)}")\n' > %t/fstr.py
# RUN: not %msc run %t/fstr.py 2>&1 | FileCheck --check-prefix=FSTR %s
# FSTR: fstr.py:2:{{[0-9]+}}: error: {{.*}}
