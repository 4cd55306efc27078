# Bad files given to np.load / np.save: each is a Python exception with
# numpy's wording, reported at the script line with a caret, exit status 1.
import sys
import numpy as np

d = sys.argv[1]
case = sys.argv[2]
if case == 'missing':
    np.load(d + '/nope.npy')
if case == 'empty':
    np.load(d + '/bad_empty.npy')
if case == 'magic':
    np.load(d + '/bad_magic.npy')
if case == 'truncdata':
    np.load(d + '/bad_truncdata.npy')
if case == 'trunchdr':
    np.load(d + '/bad_trunchdr.npy')
if case == 'version':
    np.load(d + '/bad_version.npy')
if case == 'header':
    np.load(d + '/bad_header.npy')
if case == 'keys':
    np.load(d + '/bad_keys.npy')
if case == 'complex':
    np.load(d + '/bad_c8.npy')
if case == 'object':
    np.load(d + '/bad_obj.npy')
if case == 'trunczip':
    np.load(d + '/bad_trunc.npz')
if case == 'crc':
    np.load(d + '/bad_crc.npz')
if case == 'inflate':
    np.load(d + '/bad_inflate.npz')
if case == 'member':
    f = np.load(d + '/stored.npz')
    f['nope']
if case == 'savedir':
    np.save(d + '/no/such/dir/x.npy', np.ones(2))
if case == 'notname':
    np.load(3)

# RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/make_npy.py %t
# RUN: %msc run %s %t missing 2>&1 >/dev/null | FileCheck --check-prefix=MISSING %s; test ${PIPESTATUS[0]} -eq 1
# MISSING: npy_errors.py:9:5: error: FileNotFoundError: [Errno 2] No such file or directory: '{{.*}}/nope.npy'
# MISSING-NEXT: np.load(d + '/nope.npy')
# MISSING-NEXT: ^~~~~~~~~~~~~~~~~~~~~~~~~
# RUN: %msc run %s %t empty 2>&1 | FileCheck --check-prefix=EMPTY %s; test ${PIPESTATUS[0]} -eq 1
# EMPTY: npy_errors.py:11:5: error: ValueError: Cannot load file containing pickled data when allow_pickle=False
# RUN: %msc run %s %t magic 2>&1 | FileCheck --check-prefix=MAGIC %s; test ${PIPESTATUS[0]} -eq 1
# MAGIC: npy_errors.py:13:5: error: ValueError: Cannot load file containing pickled data when allow_pickle=False
# RUN: %msc run %s %t truncdata 2>&1 | FileCheck --check-prefix=TRUNCDATA %s; test ${PIPESTATUS[0]} -eq 1
# TRUNCDATA: npy_errors.py:15:5: error: ValueError: cannot reshape array of size 10 into shape (3,4)
# TRUNCDATA-NEXT: np.load(d + '/bad_truncdata.npy')
# RUN: %msc run %s %t trunchdr 2>&1 | FileCheck --check-prefix=TRUNCHDR %s; test ${PIPESTATUS[0]} -eq 1
# TRUNCHDR: npy_errors.py:17:5: error: ValueError: EOF: reading array header, expected 118 bytes got 30
# RUN: %msc run %s %t version 2>&1 | FileCheck --check-prefix=VERSION %s; test ${PIPESTATUS[0]} -eq 1
# VERSION: npy_errors.py:19:5: error: ValueError: we only support format version (1,0), (2,0), and (3,0), not (9, 0)
# RUN: %msc run %s %t header 2>&1 | FileCheck --check-prefix=HEADER %s; test ${PIPESTATUS[0]} -eq 1
# HEADER: npy_errors.py:21:5: error: ValueError: Cannot parse header: "{'descr': <f4  , 'fortran_order': False, 'shape': (3, 4), }
# RUN: %msc run %s %t keys 2>&1 | FileCheck --check-prefix=KEYS %s; test ${PIPESTATUS[0]} -eq 1
# KEYS: npy_errors.py:23:5: error: ValueError: Header does not contain the correct keys: {'dtype': '<f4', 'fortran_order': False, 'shape': (3, 4), }{{$}}
# RUN: %msc run %s %t complex 2>&1 | FileCheck --check-prefix=COMPLEX %s; test ${PIPESTATUS[0]} -eq 1
# COMPLEX: npy_errors.py:25:5: error: ValueError: msc: np.load: dtype '<c8' is not supported
# RUN: %msc run %s %t object 2>&1 | FileCheck --check-prefix=OBJECT %s; test ${PIPESTATUS[0]} -eq 1
# OBJECT: npy_errors.py:27:5: error: ValueError: Object arrays cannot be loaded when allow_pickle=False
# RUN: %msc run %s %t trunczip 2>&1 | FileCheck --check-prefix=TRUNCZIP %s; test ${PIPESTATUS[0]} -eq 1
# TRUNCZIP: npy_errors.py:29:5: error: ValueError: File is not a zip file: '{{.*}}/bad_trunc.npz'
# RUN: %msc run %s %t crc 2>&1 | FileCheck --check-prefix=CRC %s; test ${PIPESTATUS[0]} -eq 1
# CRC: npy_errors.py:31:5: error: ValueError: Bad CRC-32 for file 'w.npy'
# RUN: %msc run %s %t inflate 2>&1 | FileCheck --check-prefix=INFLATE %s; test ${PIPESTATUS[0]} -eq 1
# INFLATE: npy_errors.py:33:5: error: ValueError: Error -3 while decompressing data: invalid deflate data in 'big.npy'
# INFLATE-NEXT: np.load(d + '/bad_inflate.npz')
# RUN: %msc run %s %t member 2>&1 | FileCheck --check-prefix=MEMBER %s; test ${PIPESTATUS[0]} -eq 1
# MEMBER: npy_errors.py:36:5: error: KeyError: 'nope is not a file in the archive'
# MEMBER-NEXT: f['nope']
# RUN: %msc run %s %t savedir 2>&1 | FileCheck --check-prefix=SAVEDIR %s; test ${PIPESTATUS[0]} -eq 1
# SAVEDIR: npy_errors.py:38:5: error: FileNotFoundError: [Errno 2] No such file or directory: '{{.*}}/no/such/dir/x.npy'
# RUN: %msc run %s %t notname 2>&1 | FileCheck --check-prefix=NOTNAME %s; test ${PIPESTATUS[0]} -eq 1
# NOTNAME: npy_errors.py:40:5: error: TypeError: msc: np.load: file must be a file name (str), not int
