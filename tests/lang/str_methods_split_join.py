# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str split, rsplit (sep, maxsplit), splitlines (keepends), join,
# partition, rpartition.
s = "  the quick  brown\tfox\n"
print(s.split(), s.split(" "), s.split(None, 1), s.rsplit(None, 1))
print("a,b,,c".split(","), "a,b,,c".split(",", 1), "a,b,,c".rsplit(",", 1), "".split(), "".split(","))
print("a--b--c".split("--"), "abc".split("abc"), "x".split("y"), "1 2 3".split(maxsplit=1))
print("one\ntwo\r\nthree\rfour\n".splitlines(), "a\nb\n".splitlines(True), "".splitlines(), "no newline".splitlines())
print("-".join(["a", "b", "c"]), "".join("xyz"), ", ".join(str(i) for i in range(3)), "/".join(["solo"]), "+".join([]))
print("key=value=x".partition("="), "novalue".partition("="), "a.b.c".rpartition("."), "abc".rpartition("z"))
print("  lots   of   space  ".split(" ")[:4], "tab\tand\nnewline".split())
# CHECK: ['the', 'quick', 'brown', 'fox'] ['', '', 'the', 'quick', '', 'brown\tfox\n'] ['the', 'quick  brown\tfox\n'] ['  the quick  brown', 'fox']
# CHECK-NEXT: ['a', 'b', '', 'c'] ['a', 'b,,c'] ['a,b,', 'c'] [] ['']
# CHECK-NEXT: ['a', 'b', 'c'] ['', ''] ['x'] ['1', '2 3']
# CHECK-NEXT: ['one', 'two', 'three', 'four'] ['a\n', 'b\n'] [] ['no newline']
# CHECK-NEXT: a-b-c xyz 0, 1, 2 solo
# CHECK-NEXT: ('key', '=', 'value=x') ('novalue', '', '') ('a.b', '.', 'c') ('', '', 'abc')
