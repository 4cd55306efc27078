# os and os.path: makedirs/listdir/walk/remove/rename/getsize, the posixpath
# string functions on corner cases, errors. Diffed against CPython.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc run %s %t/d > %t/msc.out && rm -rf %t/d && %python %s %t/d > %t/py.out && diff %t/msc.out %t/py.out
# RUN: FileCheck %s < %t/msc.out
# CHECK: FileExistsError 17
# CHECK: [Errno 2] No such file or directory: '/nonexistent'
import os
import os.path
from os.path import join, splitext
import sys
base = sys.argv[1]
if os.path.exists(base):
    for root, dirs, files in os.walk(base, topdown=False):
        for f in files:
            os.remove(os.path.join(root, f))
        os.rmdir(root)
os.makedirs(join(base, "a", "b"), exist_ok=True)
os.makedirs(join(base, "a", "b"), exist_ok=True)
try:
    os.makedirs(join(base, "a"))
except FileExistsError as e:
    print("FileExistsError", e.errno)
with open(join(base, "a", "x.txt"), "w") as f:
    f.write("hi")
print(sorted(os.listdir(join(base, "a"))))
print(os.path.isdir(join(base, "a")), os.path.isfile(join(base, "a", "x.txt")), os.path.exists(join(base, "nope")))
print(os.path.getsize(join(base, "a", "x.txt")))
for p in ["a/b/c.tar.gz", "/x/y/", "noext", ".bashrc", "a/.b.c", "//x//y/../z", "", "a/./b/..", "/../a"]:
    print(repr(p), os.path.basename(p), os.path.dirname(p), os.path.split(p), splitext(p), os.path.normpath(p))
print(join("a", "b", "/c", "d"), join("a/", "b"), join("", "x"))
print(os.path.relpath("/a/b/c", "/a/d"), os.path.isabs("/x"), os.sep)
print(os.getcwd() == os.path.abspath("."), os.environ.get("HOME") == os.getenv("HOME"))
print([w[0][len(base):] for w in os.walk(base)])
try:
    os.listdir("/nonexistent")
except FileNotFoundError as e:
    print(e)
os.rename(join(base, "a", "x.txt"), join(base, "y.txt"))
print(os.listdir(base))
