# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# numpy 1.24 value-based casting of Python ints against int8/int16/int32/
# float16/float32/uint8 arrays (min_scalar_type and is_small_unsigned).
import numpy as np
i32=np.ones(2,np.int32); i16=np.ones(2,np.int16); i8=np.ones(2,np.int8); f32=np.ones(2,np.float32); f16=np.ones(2,np.float16)
for v in [127,128,255,256,32767,32768,65535,65536,2**31-2,2**31-1,2**31,2**32-1,2**32,-129,-2**31,-2**31-1]:
  print(v, (i8+v).dtype, (i16+v).dtype, (i32+v).dtype, (f16+v).dtype, (f32+v).dtype, (np.ones(2,np.uint8)+v).dtype)
# floor_divide, remainder, power and the bitwise ops resolve by numpy's
# ufunc loop search (the first loop every operand casts to safely, scalars
# by value), add and multiply by the result type: they differ for unsigned
# arrays with small values and for bools.
u8=np.array([200,3],np.uint8); u16=np.array([7,9],np.uint16); b=np.array([True,False])
for s in [np.array(3,np.uint16), np.array(402,np.uint16), np.array(402,np.uint64), np.array(40000,np.uint64), 2, 402, 70000, np.array(5,np.int8), 2.0]:
  print((u8//s).dtype, (u8%s).dtype, (u8**s).dtype, (u8+s).dtype, (u16//s).dtype, (b**s).dtype, (s//b).dtype if not isinstance(s, float) else '-')
print((b**b).dtype, (b//np.array([True,True])).dtype, (b%np.array([True,True])).dtype, (b&b).dtype, (b|True).dtype, (u8&np.array(300,np.uint16)).dtype, (u8^2).dtype)
print(u8//np.array(402,np.uint16), u8**np.array(2,np.int8), b**b)
# ndarray ** 2 is numpy's square (bool arrays square as int8), float ** 0.5 sqrt
print(repr(np.array([-0.0, 4.0])**0.5), repr(np.array([True])**2.0), repr(np.array([3])**2.0), repr(np.array([3],np.uint8)**np.array(2)), repr(np.array([2],np.int16)**np.array(3)))
