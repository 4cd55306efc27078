# Deep input must give an error, never a stack overflow.
# RUN: %python -c "print('x = ' + '(' * 250 + '1' + ')' * 250)" > %t.parens.py
# RUN: not %msc run --syntax-only %t.parens.py 2>&1 | FileCheck --check-prefix=PARENS %s
# PARENS: {{.*}}.parens.py:1:205: error: too many nested parentheses
# PARENS-NOT: error
# RUN: %python -c "print('x = ' + '-' * 30000 + '1')" > %t.unary.py
# RUN: not %msc run --syntax-only %t.unary.py 2>&1 | FileCheck --check-prefix=UNARY %s
# UNARY: {{.*}}.unary.py:1:{{[0-9]+}}: error: too many nested expressions or statements
# UNARY-NOT: error
# RUN: %python -c "print(''.join(' ' * i + 'if x:\n' for i in range(120)) + ' ' * 120 + 'pass')" > %t.indent.py
# RUN: not %msc run --syntax-only %t.indent.py 2>&1 | FileCheck --check-prefix=INDENT %s
# INDENT: {{.*}}.indent.py:102:102: error: too many levels of indentation
# INDENT-NOT: error
# RUN: %python -c "print('x = f\"{' + '(' * 201 + '\"')" > %t.fparens.py
# RUN: not %msc run --syntax-only %t.fparens.py 2>&1 | FileCheck --check-prefix=FPARENS %s
# FPARENS: {{.*}}.fparens.py:1:208: error: f-string: too many nested parenthesis
# RUN: %python -c "print('x = ' + '+'.join(['a'] * 100000))" > %t.long.py
# RUN: %msc run --syntax-only %t.long.py
