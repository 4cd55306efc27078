# Tabs in the quoted source line are expanded to multiples of 8 and the column counts display cells.
def f(d):
	return d["x"]
f({})

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}tab_expand.py:3:16: error: KeyError: 'x'{{$}}
# CHECK-NEXT: {{^}}        return d["x"]{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}tab_expand.py:4:1: note: called from here{{$}}
# CHECK-NEXT: {{^}}f({}){{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: KeyError: 'x'
