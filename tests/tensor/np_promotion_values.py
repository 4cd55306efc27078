# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# numpy 1.24 value-based casting of Python ints against int8/int16/int32/
# float16/float32/uint8 arrays (min_scalar_type and is_small_unsigned).
import numpy as np
i32=np.ones(2,np.int32); i16=np.ones(2,np.int16); i8=np.ones(2,np.int8); f32=np.ones(2,np.float32); f16=np.ones(2,np.float16)
for v in [127,128,255,256,32767,32768,65535,65536,2**31-2,2**31-1,2**31,2**32-1,2**32,-129,-2**31,-2**31-1]:
  print(v, (i8+v).dtype, (i16+v).dtype, (i32+v).dtype, (f16+v).dtype, (f32+v).dtype, (np.ones(2,np.uint8)+v).dtype)
