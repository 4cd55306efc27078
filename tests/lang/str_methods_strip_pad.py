# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str strip family (default whitespace and explicit chars), padding and
# alignment (center, ljust, rjust, zfill), expandtabs, removeprefix/suffix.
s = "  \t padded \n "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print("xxhixx".strip("x"), "abcHELLOcba".strip("abc"), "www.example.com".lstrip("w."), "file.txt".rstrip(".txt"), "".strip())
print("[" + "hi".center(6) + "]", "[" + "hi".center(7, "*") + "]", "[" + "hi".ljust(5, "-") + "]", "[" + "hi".rjust(5) + "]", "[" + "long".center(2) + "]")
print("42".zfill(5), "-42".zfill(5), "+7".zfill(4), "abc".zfill(2), "".zfill(3))
print(repr("a\tb\tc".expandtabs()), repr("a\tb".expandtabs(4)), repr("12345\t6".expandtabs(4)))
print("prefix_name".removeprefix("prefix_"), "name.py".removesuffix(".py"), "keep".removeprefix("x"), "keep".removesuffix(""))
# CHECK: 'padded' 'padded \n ' '  \t padded'
# CHECK-NEXT: hi HELLO example.com file  
# CHECK-NEXT: [  hi  ] [***hi**] [hi---] [   hi] [long]
# CHECK-NEXT: 00042 -0042 +007 abc 000
# CHECK-NEXT: 'a       b       c' 'a   b' '12345   6'
# CHECK-NEXT: name name keep keep
