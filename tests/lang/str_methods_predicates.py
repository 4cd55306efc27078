# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str predicates: isdigit, isdecimal, isnumeric, isalpha, isalnum, isspace,
# isupper, islower, istitle, isidentifier, isprintable, isascii.
tests = ["", "123", "abc", "abc123", "ABC", "Abc Def", "  \t\n", "a b", "_name1", "1name", "hello!", "MiXeD", "tab\t"]
for t in tests:
    print(repr(t), t.isdigit(), t.isdecimal(), t.isnumeric(), t.isalpha(), t.isalnum(), t.isspace(),
          t.isupper(), t.islower(), t.istitle(), t.isidentifier(), t.isprintable(), t.isascii())
# CHECK: '' False False False False False False False False False False True True
# CHECK-NEXT: '123' True True True False True False False False False False True True
# CHECK-NEXT: 'abc' False False False True True False False True False True True True
# CHECK: '_name1' False False False False False False False True False True True True
