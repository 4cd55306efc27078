# Hostile .npy/.npz files (issue 18, classes 1, 12 and 14): each is a Python
# exception at the np.load line, exit status 1, never a crash, a huge
# allocation or a leak (the sanitizer pass runs this file too).
import sys
import numpy as np

np.load(sys.argv[1])

# RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/make_hostile.py %t
# Class 1: a zip64 locator in a file shorter than 56 bytes (the bound wrapped
# and any offset was read), and one pointing past the end.
# RUN: %msc run %s %t/short_zip64.npz 2>&1 | FileCheck --check-prefix=ZIP64 %s; test ${PIPESTATUS[0]} -eq 1
# RUN: %msc run %s %t/zip64_past_end.npz 2>&1 | FileCheck --check-prefix=ZIP64 %s; test ${PIPESTATUS[0]} -eq 1
# ZIP64: npy_files.py:7:1: error: ValueError: File is not a zip file: '{{.*}}.npz' (bad zip64 end record)
# ZIP64-NEXT: np.load(sys.argv[1])
# ZIP64-NEXT: ^~~~~~~~~~~~~~~~~~~~
# Class 1: a deflated member declaring 2^40 bytes (was allocated before
# inflating); a stored member declaring 100 MB of a 124-byte file.
# RUN: %msc run %s %t/huge_member.npz 2>&1 | FileCheck --check-prefix=HUGE %s; test ${PIPESTATUS[0]} -eq 1
# HUGE: npy_files.py:7:1: error: ValueError: File is not a zip file: '{{.*}}huge_member.npz' (a member's declared size does not match its data)
# RUN: %msc run %s %t/stored_liar.npz 2>&1 | FileCheck --check-prefix=LIAR %s; test ${PIPESTATUS[0]} -eq 1
# LIAR: npy_files.py:7:1: error: ValueError: EOF: zip member 'b.npy' of '{{.*}}stored_liar.npz' is truncated
# A .npy header whose element count wraps int64, and one past the limit
# (the shared checked product, frontend/limits.h).
# RUN: %msc run %s %t/shape_wrap.npy 2>&1 | FileCheck --check-prefix=WRAP %s; test ${PIPESTATUS[0]} -eq 1
# WRAP: npy_files.py:7:1: error: MemoryError: np.load: an array of shape (4294967296,4294967296,16) has more than 1099511627776 elements (raise the limit with --limit=elements=N)
# RUN: %msc run %s %t/shape_big.npy 2>&1 | FileCheck --check-prefix=BIG %s; test ${PIPESTATUS[0]} -eq 1
# BIG: npy_files.py:7:1: error: MemoryError: np.load: an array of shape (1099511627777,) has more than 1099511627776 elements
# Class 14: a NUL inside the descr string (numpy: Cannot parse header).
# RUN: %msc run %s %t/nul_descr.npy 2>&1 | FileCheck --check-prefix=NUL %s; test ${PIPESTATUS[0]} -eq 1
# NUL: npy_files.py:7:1: error: ValueError: Cannot parse header: "{'descr': '<f4
# Class 12: the array is past the byte limit after the file was read: a
# MemoryError, and the file's buffer is freed (LeakSanitizer, sanitizer pass);
# the same for a .npz member, and for a member past the limit before inflating.
# RUN: %msc run --limit=tensor-bytes=4096 %s %t/thousand.npy 2>&1 | FileCheck --check-prefix=LEAK %s; test ${PIPESTATUS[0]} -eq 1
# LEAK: npy_files.py:7:1: error: MemoryError: a tensor of 8000 bytes is past the limit of 4096 (raise it with --limit=tensor-bytes=N)
# RUN: %msc run --limit=tensor-bytes=70000 %s %t/zeros.npz 2>&1 | FileCheck --check-prefix=LEAKZ %s; test ${PIPESTATUS[0]} -eq 1
# LEAKZ: npy_files.py:7:1: error: MemoryError: a tensor of 80000 bytes is past the limit of 70000
# RUN: %msc run --limit=tensor-bytes=4096 %s %t/zeros.npz 2>&1 | FileCheck --check-prefix=MEMBER %s; test ${PIPESTATUS[0]} -eq 1
# MEMBER: npy_files.py:7:1: error: MemoryError: np.load: member 'a.npy' of '{{.*}}zeros.npz' is 80128 bytes, larger than an array may be (raise the limit with --limit=tensor-bytes=N)
# The good files load (the limits are not in the way).
# RUN: %msc run %s %t/thousand.npy && %msc run %s %t/zeros.npz
