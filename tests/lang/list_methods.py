# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Every list method: append, extend, insert, remove, pop, clear, index,
# count, sort, reverse, copy; and the list operators.
l = [3, 1, 2]
l.append(4)
l.extend([5, 6])
l.extend("ab")
l.extend(range(2))
print(l)
l.insert(0, "first")
l.insert(-1, "before-last")
l.insert(100, "end")
l.insert(-100, "start")
print(l)
l.remove("a")
print(l.pop(), l.pop(0), l.pop(-2), l)
print(l.index(2), l.index(1, 2), l.count(1), l.count("zz"), [1, 2, 1, 1].count(1))
nums = [5, 3, 8, 1]
print(nums.sort(), nums, nums.reverse(), nums)
c = nums.copy()
c.append(0)
print(nums, c, c is nums)
c.clear()
print(c, len(c))
print([1, 2] + [3], [0] * 3, [[]] * 2, [1, 2] == [1, 2], [1, 2] < [1, 3], [2] > [1, 9], 2 in [1, 2])
grid = [[0] * 2] * 2
grid[0][0] = 9
print(grid)
x = [1, 2, 3]
x[1] = "two"
x[-1] = [3]
print(x, x[-1][0], len(x))
e = []
e += "hi"
print(e, type(e).__name__)
s = [3, 1, 2]
s.sort(key=lambda v: -v)
print(s)
# CHECK: [3, 1, 2, 4, 5, 6, 'a', 'b', 0, 1]
# CHECK-NEXT: ['start', 'first', 3, 1, 2, 4, 5, 6, 'a', 'b', 0, 'before-last', 1, 'end']
# CHECK-NEXT: end start before-last ['first', 3, 1, 2, 4, 5, 6, 'b', 0, 1]
# CHECK-NEXT: 3 2 2 0 3
# CHECK-NEXT: None [8, 5, 3, 1] None [8, 5, 3, 1]
# CHECK-NEXT: [8, 5, 3, 1] [8, 5, 3, 1, 0] False
# CHECK-NEXT: [] 0
# CHECK-NEXT: [1, 2, 3] [0, 0, 0] {{\[\[\], \[\]\]}} True True True True
# CHECK-NEXT: {{\[\[9, 0\], \[9, 0\]\]}}
