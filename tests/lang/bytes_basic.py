# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# bytes and bytearray (issue 24): literals and their escapes, bytes(),
# bytearray(), indexing/slicing/len/iteration/in, + and *, comparisons,
# hash, repr, the methods scripts use, str.encode/bytes.decode with
# CPython's Unicode errors, int.from_bytes/to_bytes; and the errors CPython
# raises, caught and printed. Diffed against CPython.
# CHECK: b'ab\x00\xffcd' 6 97 100 b'b\x00'
b = b'ab\x00\xff' b"cd"
print(b, len(b), b[0], b[-1], b[1:3], list(b), bytes(3), bytes([1, 2, 255]))
print(b'x' + b'y', b'ab' * 3, 3 * b'z', b'a' in b'abc', 98 in b'abc', b'a' < b'b')
print("é".encode(), "é".encode("utf-8").decode(), b'\xc3\xa9'.decode('latin-1'))
ba = bytearray(b'hello')
ba[0] = 72
ba.append(33)
ba += b'!'
print(ba, bytes(ba), len(ba), ba == b'Hello!!', {b'k': 1}[b'k'], hash(b'ab') == hash(b'a' + b'b'))
print(b'\777', b'\u1234', rb'\x00\d', b'''a
b''', B"q", Rb'\n', bR'\t')
x = b'a\tb\nc\rd\\e\x7f\x80'
print(x, repr(x), ascii(x), f"{x!r}", "%s" % (x,), str(bytearray(x)))
def ba_set():
    a = bytearray(b'abcdef')
    a[1:3] = b'XYZ'
    a[-1] = 0
    return a
tests = [
    lambda: b'a' + 'b', lambda: b'a' + 1, lambda: bytearray(b'a') + 'x', lambda: 'a' + b'b',
    lambda: b'a'[5], lambda: bytearray(b'a')[5], lambda: b'a' * 'x', lambda: 'x' in b'abc',
    lambda: 300 in b'abc', lambda: bytes([300]), lambda: bytearray([300]), lambda: bytes('abc'), lambda: bytes(-1),
    lambda: bytes(1.5), lambda: hash(bytearray()), lambda: b'\xff'.decode(), lambda: b'ab\xe4\xb8'.decode(),
    lambda: 'é'.encode('ascii'), lambda: 'éé'.encode('ascii'), lambda: 'ab'.encode('foo'), lambda: b'a'.decode('foo'),
    lambda: int.from_bytes(b'a', 'mid'), lambda: (1000).to_bytes(1, 'big'), lambda: (-1).to_bytes(1, 'big'),
    lambda: bytes.fromhex('zz'), lambda: bytes.fromhex('a'), lambda: b'a' < 'a',
    lambda: b'-'.join(['a']), lambda: b'x'.split(b''), lambda: bytes('a', 'utf-8', 'strict', 4),
    lambda: b'abc'.index(b'z'), lambda: bytearray().pop(), lambda: str(b'\xff', 'utf-8'), lambda: bytearray(b'ab').extend('cd'),
    lambda: b'ab' == 'ab', lambda: b'\xff\xfe'.decode('utf-8', 'replace'), lambda: 'aé€x'.encode('latin-1', 'replace'),
    lambda: ba_set(), lambda: (-129).to_bytes(1, 'big', signed=True), lambda: (127).to_bytes(1, 'big', signed=True),
    lambda: int.from_bytes(bytes([1]*8), 'big'), lambda: int.from_bytes([255, 255], 'big', signed=True),
    lambda: bytes(b'ab') is not None, lambda: bytearray(3), lambda: bytes(range(65, 70)), lambda: b'A\nB\r\nC'.splitlines(True),
    lambda: sorted([b'b', b'a']), lambda: max(b'abc'), lambda: b'abc'.upper(), lambda: b''.join([bytearray(b'x'), b'y']),
    lambda: b'a'[idx], lambda: b'xyz'.rindex(b'q'), lambda: b'abc'.split(maxsplit=1),
    lambda: b'a b c'.split(None, 1), lambda: b'a1'.isalnum(), lambda: bytearray(b'abc').pop(0),
    lambda: type(iter(b'x')).__name__, lambda: type(iter(bytearray(b'x'))).__name__, lambda: b'abc'.hex(), lambda: (0).to_bytes(0, 'big'),
    lambda: (1).to_bytes(0, 'big'), lambda: int.from_bytes(b'', 'big'), lambda: int.from_bytes(b'\x80', 'big', signed=True),
    lambda: int.from_bytes(b'\xff' * 9, 'big', signed=True), lambda: int.from_bytes(b'\x7f' + b'\xff' * 7),
    lambda: (-2**62 * 2).to_bytes(8, 'little', signed=True), lambda: (5).to_bytes(10, 'big'), lambda: (-5).to_bytes(10, 'big', signed=True),
]
idx = "x"
for t in tests:
    try:
        print(repr(t()))
    except Exception as e:
        print(type(e).__name__ + ":", e)
# CHECK: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
ba = bytearray(b'abc')
ba.extend([1, 2]); ba.extend(b'xy'); ba[0:1] = [65, 66]; ba *= 2; ba += bytes(ba)
x = [b.upper() for b in b'a b'.split()] + b'q'.splitlines()
print(ba, x, b'-'.join(x), bytes(ba[::2]), b'abc'.replace(b'', b'.'), str(b'\xc3\xa9x', 'utf-8'), bytes('é', 'latin-1'))
print(b'a\xffb'.decode('ascii', 'ignore'), 'aé'.encode('ascii', 'replace'), sum(b'abc'), sorted(b'cab'), bytes(range(250, 256)))
# CHECK: ab b'a?' 294 [97, 98, 99] b'\xfa\xfb\xfc\xfd\xfe\xff'
