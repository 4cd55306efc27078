# A script that cannot be read: "msc: error: cannot read 'PATH': REASON",
# exit status 1 (an error about the script, not a usage error).
# RUN: rm -rf %t.dir && mkdir -p %t.dir
# RUN: %msc run %t.dir/nope.py > %t.out 2> %t.err; test $? -eq 1
# RUN: count 0 < %t.out
# RUN: FileCheck --strict-whitespace %s --input-file %t.err
# RUN: not %msc run --syntax-only %t.dir/nope.py 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %t.dir > /dev/null 2> %t.err2; test $? -eq 1
# RUN: FileCheck --check-prefix=DIR %s --input-file %t.err2
# CHECK: {{^}}msc: error: cannot read '{{.*}}/nope.py': No such file or directory{{$}}
# DIR: msc: error: cannot read '{{.*}}': {{.+}}
print("unused")
