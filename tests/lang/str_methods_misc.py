# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str replace (count), operators (+ * in, comparison), indexing, iteration,
# len of non-ASCII text, ord/chr, and str methods called through the class.
s = "one two one two one"
print(s.replace("one", "1"), s.replace("one", "1", 2), s.replace("x", "y"), "aaa".replace("a", "bb"), "abc".replace("", "-"))
print("ab" + "cd", "ab" * 3, 3 * "x", "ab" * 0, "" * 5, "-" * -1 + "|")
print("abc"[0], "abc"[-1], "abc"[1:], [c for c in "hey"], "abc" < "abd", "b" > "abc", "a" == "a")
u = "héllo wörld"
print(len(u), u[1], u[-3:], u.upper(), u.find("w"), u[::-1])
print(ord("A"), ord("é"), chr(97), chr(233), chr(0x4e2d), ord(chr(1000)))
print(str.upper("abc"), str.join(",", ["x", "y"]), str.split("a b"))
print("Hello".startswith("He") and "Hello".endswith("lo"), "x".join("abc"), "%s!" % "hi")
print("abc".index("c"), "a-b".replace("-", ""), "  x ".strip().upper().center(5, "."))
print("{}".format("fmt"), "CamelCase".swapcase(), "tEST".capitalize())
# CHECK: 1 two 1 two 1 1 two 1 two one one two one two one bbbbbb -a-b-c-
# CHECK-NEXT: abcd ababab xxx   |
# CHECK-NEXT: a c bc ['h', 'e', 'y'] True True True
# CHECK-NEXT: 11 é rld HÉLLO WÖRLD 6 dlröw olléh
# CHECK-NEXT: 65 233 a é 中 1000
