# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# f-strings: expressions, calls, attribute and subscript access, nested
# quotes, conversions !r !s, escaped braces, concatenation with plain
# literals, raw f-strings, f-strings in loops.
name, n = "msc", 3
items = [1, 2, 3]
d = {"key": "val"}
print(f"hello {name}!", f"{n + 1}", f"{n * 2}")
print(f"{items[0]} {items[-1]} {len(items)} {d['key']} {name.upper()} {name[::-1]}")
print(f"{'nested quotes'} {'single'}")
print(f"{name!r} {name!s} {items!r} {3.5!r}")
print(f"{{literal braces}} {{{n}}}")
print(f"a" "b" f"{n}" "c")
print(rf"raw \n {n}", fr"{name}\t")
for i in range(2):
    print(f"row {i}: {[j * i for j in range(3)]}")
class P:
    def __init__(self):
        self.x = 7
    def __str__(self):
        return "P-str"
    def __repr__(self):
        return "P-repr"
p = P()
print(f"{p} {p!r} {p.x} {p.x:03d}")
print(f"{1 if n > 2 else 0} {(lambda v: v * 10)(n)} {n > 2} {None} {[]}")
print(f"""triple {n}
second line""")
print(f"{n:{n}}", f"{'x':>{n + 2}}|")
# CHECK: hello msc! 4 6
# CHECK-NEXT: 1 3 3 val MSC csm
# CHECK-NEXT: nested quotes single
# CHECK-NEXT: 'msc' msc [1, 2, 3] 3.5
# CHECK-NEXT: {literal braces} {3}
# CHECK-NEXT: ab3c
# CHECK-NEXT: raw \n 3 msc\t
# CHECK-NEXT: row 0: [0, 0, 0]
# CHECK-NEXT: row 1: [0, 1, 2]
# CHECK-NEXT: P-str P-repr 7 007
# CHECK-NEXT: 1 30 True None []
# CHECK-NEXT: triple 3
# CHECK-NEXT: second line
# CHECK-NEXT: 3     x|
