# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# String literals: quoting, escapes, raw, triple-quoted, implicit concatenation.
print('single', "double", '''triple single''', """triple double""")
print("esc: \\ \' \" \t|\x41\101\u00e9")
print('newline\nsecond line')
print(r'raw \n stays', R"raw \t too", r'\\')
print("implicit" ' concat' """ of three""")
print("a" "b"
      "c")
s = """line one
line two
  indented"""
print(s)
print(len("\n"), len(r"\n"), len("\x00"), len("\u00e9"))
print('it\'s', "say \"hi\"")
t = '''contains "double" and 'single' '''
print(t)
print("backslash-newline \
joins")
print("\a\b\f\v\r"[1:2] == "\b", "\0" == "\x00")
print(repr("tab\there"), repr('quote\''), repr("both ' and \""))
# CHECK: single double triple single triple double
# CHECK-NEXT: esc: \ ' " |AA{{.+}}
# CHECK-NEXT: newline
# CHECK-NEXT: second line
# CHECK-NEXT: raw \n stays raw \t too \\
# CHECK-NEXT: implicit concat of three
# CHECK-NEXT: abc
# CHECK: 1 2 1 1
# CHECK-NEXT: it's say "hi"
# CHECK: backslash-newline joins
# CHECK-NEXT: True True
# CHECK-NEXT: 'tab\there' "quote'" 'both \' and "'
