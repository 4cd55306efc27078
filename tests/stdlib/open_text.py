# open() in text modes: write/writelines/append/exclusive, read/readline/
# readlines/iteration, with, closed files, and the OSError subclasses with
# CPython's texts. Diffed against CPython.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc run %s %t/f.txt > %t/msc.out && %python %s %t/f.txt > %t/py.out && diff %t/msc.out %t/py.out
# RUN: FileCheck %s < %t/msc.out
# CHECK: TextIOWrapper w False
# CHECK: FileNotFoundError 2 /nonexistent/x.txt [Errno 2] No such file or directory: '/nonexistent/x.txt'
import sys
path = sys.argv[1] if len(sys.argv) > 1 else "/tmp/msc_io_test.txt"
with open(path, "w") as f:
    print(type(f).__name__, f.mode, f.closed)
    n = f.write("alpha\nbeta\r\n")
    f.write("gamma ünï\n")
    f.writelines(["x\n", "y"])
    print(n)
print(f.closed)
with open(path) as f:
    print(repr(f.read()))
with open(path, encoding="utf-8") as f:
    for line in f:
        print(repr(line))
f = open(path)
print(repr(f.readline()), repr(f.readline(2)), repr(f.read(3)))
print(f.readlines())
print(repr(f.read()))
f.close()
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
with open(path, "a") as f:
    f.write("appended\n")
print(open(path).read().splitlines()[-1])
try:
    open("/nonexistent/x.txt")
except FileNotFoundError as e:
    print(type(e).__name__, e.errno, e.filename, e)
try:
    open(path, "x")
except FileExistsError as e:
    print(e)
try:
    open("/tmp")
except IsADirectoryError as e:
    print(e)
try:
    with open(path, "w") as f:
        f.write(3)
except TypeError as e:
    print(e)
try:
    open(path).write("x")
except OSError as e:
    print("OSError", e)
