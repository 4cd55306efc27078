# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# repr/str of containers: nested lists, tuples (incl. one-element), dicts,
# sets, empty containers, strings with quotes and escapes inside containers,
# floats and bools inside containers.
print([], (), {}, set(), [[]], [()], ({},), (1,), ((1,),), [1, [2, [3, []]]])
print(["it's", 'say "x"', "both ' \"", "tab\t", "nl\n", "back\\slash", "uni é", "\x01"])
print({"a": [1, 2], "b": {"c": (3, None)}, 1: 1.5, (1, 2): True, None: "n"})
print([0.1, 1e20, -0.0, 1.0, 2.5e-8], (True, False, None))
print(str([1, "a"]), repr((1, "a")), str({"k": "v"}), repr("plain"), str("plain"))
print({1}, {"x"}, {(1, 2)}, [{1}])
print(repr("'"), repr('"'), repr("'\""), repr(""), repr("\\n"), repr("\r\x7f"))
print([1, 2, 3], list(range(3)), (range(3),), [len])
# CHECK: [] () {} set() {{\[\[\]\]}} [()] ({},) (1,) ((1,),) {{\[1, \[2, \[3, \[\]\]\]\]}}
# CHECK-NEXT: ["it's", 'say "x"', 'both \' "', 'tab\t', 'nl\n', 'back\\slash', 'uni é', '\x01']
# CHECK-NEXT: {'a': [1, 2], 'b': {'c': (3, None)}, 1: 1.5, (1, 2): True, None: 'n'}
# CHECK-NEXT: [0.1, 1e+20, -0.0, 1.0, 2.5e-08] (True, False, None)
# CHECK-NEXT: [1, 'a'] (1, 'a') {'k': 'v'} 'plain' plain
# CHECK-NEXT: {1} {'x'} {(1, 2)} [{1}]
# CHECK-NEXT: "'" '"' '\'"' '' '\\n' '\r\x7f'
