def f(x):
    global x
    return x

print("must not run")
# --syntax-only reports what CPython reports at compile time (the resolver's
# errors, not only the parser's), and runs nothing.
# RUN: not %msc run --syntax-only %s > %t.out 2> %t.err
# RUN: count 0 < %t.out
# RUN: FileCheck --strict-whitespace %s --input-file %t.err
# RUN: %msc run --syntax-only %s > /dev/null 2>&1; test $? -eq 1
# CHECK: {{^.*}}syntax_only_resolve.py:2:5: error: name 'x' is parameter and global{{$}}
# CHECK-NEXT: {{^}}    global x{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~{{$}}
