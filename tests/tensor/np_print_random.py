# RUN: %python %S/Inputs/gen_print.py %t.py %t.ref 1000
# RUN: %msc run %t.py > %t.out
# RUN: diff -u %t.ref %t.out
# str() and repr() of 1000 random ndarrays (float32/float64/int32/int64/bool,
# 0-d to 3-D, empty, magnitudes across the scientific switch, nan/inf/-0.,
# wrapping and summarised sizes) byte for byte equal to numpy 1.24's.
