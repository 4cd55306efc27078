# Uncaught errors of bytes (issue 24) at the line, with CPython's type and
# text. Each case is one line run from stdin.
# RUN: echo 'b"\xff".decode()' | not %msc run - 2>&1 | FileCheck --check-prefix=DEC %s
# DEC: error: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
# RUN: echo '"é".encode("ascii")' | not %msc run - 2>&1 | FileCheck --check-prefix=ENC %s
# ENC: error: UnicodeEncodeError: 'ascii' codec can't encode character '\xe9' in position 0: ordinal not in range(128)
# RUN: echo 'b"a" + "b"' | not %msc run - 2>&1 | FileCheck --check-prefix=CAT %s
# CAT: error: TypeError: can't concat str to bytes
# RUN: echo 'bytes([1, 256])' | not %msc run - 2>&1 | FileCheck --check-prefix=RANGE %s
# RANGE: error: ValueError: bytes must be in range(0, 256)
# RUN: echo '{bytearray(): 1}' | not %msc run - 2>&1 | FileCheck --check-prefix=HASH %s
# HASH: error: TypeError: unhashable type: 'bytearray'
# RUN: echo '(256).to_bytes(1, "little")' | not %msc run - 2>&1 | FileCheck --check-prefix=TOB %s
# TOB: error: OverflowError: int too big to convert
# RUN: echo 'int.from_bytes(b"\x01" + bytes(8), "big")' | not %msc run - 2>&1 | FileCheck --check-prefix=FROMB %s
# FROMB: error: OverflowError: int too large for msc's 64-bit int
# RUN: echo 'open("%s", "rb", encoding="utf-8")' | not %msc run - 2>&1 | FileCheck --check-prefix=MODE %s
# MODE: error: ValueError: binary mode doesn't take an encoding argument
