# open() in binary modes (issue 24): 'wb'/'ab' write bytes and bytearrays,
# 'rb' reads bytes (read(n), readline, readlines, iteration, seek/tell),
# int.to_bytes/from_bytes on file data, text files read back as bytes, and
# the mode errors with CPython's texts. Diffed against CPython.
#
# RUN: rm -rf %t && mkdir -p %t %t/py
# RUN: %msc run %s %t > %t/msc.out && %python %s %t/py > %t/py.out && diff %t/msc.out %t/py.out
# RUN: FileCheck %s < %t/msc.out
# CHECK: BufferedWriter wb False
# CHECK: BufferedReader b'\x00\x01\x02\xffline1\nline2\r\ntail@\xe2\x01\x00' 25
# CHECK: ValueError can't have text and binary mode at once
import sys, os
d = sys.argv[1]
p = os.path.join(d, "data.bin")
with open(p, "wb") as f:
    print(type(f).__name__, f.mode, f.closed)
    print(f.write(b"\x00\x01\x02\xffline1\nline2\r\n"), f.write(bytearray(b"tail")))
    f.write((123456).to_bytes(4, "little"))
    print(f.tell())
with open(p, "rb") as f:
    data = f.read()
    print(type(f).__name__, data, len(data))
with open(p, "rb") as f:
    print(f.read(3), f.tell(), f.readline(), f.readline(), f.read(4))
    print(int.from_bytes(f.read(4), "little"), f.read(), f.read(2))
    f.seek(0)
    print(f.read(2))
    f.seek(-4, 2)
    print(int.from_bytes(f.read(), "little"))
with open(p, "rb") as f:
    print(list(f))
with open(p, "rb") as f:
    print(f.readlines())
with open(p, "ab") as f:
    f.write(b"!")
print(open(p, "rb").read()[-5:])
for bad in [lambda: open(p, "rbt"), lambda: open(p, "rb", encoding="utf-8"), lambda: open(p, "rb", newline=""),
            lambda: open(p, "wb").write("str"), lambda: open(os.path.join(d, "t.txt"), "w").write(b"x"),
            lambda: open(p).read()]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
with open(os.path.join(d, "t.txt"), "w") as f:
    f.write("héllo\n")
with open(os.path.join(d, "t.txt"), "rb") as f:
    print(f.read().decode("utf-8"))
with open(os.path.join(d, "t.txt")) as f:
    print(f.read(2), f.tell())
