# RUN: %python %S/Inputs/gen_npscalar.py %t.py %t.ref 19 4000
# RUN: %msc run %t.py > %t.out
# RUN: diff -u %t.ref %t.out
# 4000 generated expressions on numpy scalars (np.float32(1.5), a[0, 1],
# a.sum(), np.std(a), ...): arithmetic, comparisons and bitwise operators
# with Python numbers, other scalars and arrays of every dtype (numpy 1.24's
# promotion: both-scalar, value-based and its ufunc loop search), unary
# operators, int/float/bool/round/hash/str/item/astype, isinstance against
# numpy's abstract types. repr and type name equal Debian numpy's, byte for
# byte (the generator leaves out what numpy rejects or warns about).
