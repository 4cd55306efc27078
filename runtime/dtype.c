/* dtype.c — the runtime's dtype table (names and element sizes) and the
 * float16 <-> double conversions. Kept apart from print.c so that a
 * generated library that needs only element sizes (every library: the
 * checked entry points use msrt_dtype_size) does not carry the printers.
 * No malloc, no recursion. */
#include "msrt.h"

#include <math.h>

/* ===================================================================
 * dtypes
 * =================================================================== */

static const struct {
  const char *name;
  size_t size;
} dtype_info[MSRT_NUM_DTYPES] = {
  [MSRT_BOOL] = {"Bool", 1},       [MSRT_INT8] = {"Int8", 1},
  [MSRT_UINT8] = {"UInt8", 1},     [MSRT_INT16] = {"Int16", 2},
  [MSRT_INT32] = {"Int32", 4},     [MSRT_INT64] = {"Int64", 8},
  [MSRT_FLOAT16] = {"Float16", 2}, [MSRT_FLOAT32] = {"Float32", 4},
  [MSRT_FLOAT64] = {"Float64", 8}, [MSRT_UINT16] = {"UInt16", 2},
  [MSRT_UINT32] = {"UInt32", 4},   [MSRT_UINT64] = {"UInt64", 8},
  [MSRT_COMPLEX64] = {"Complex64", 8}, [MSRT_COMPLEX128] = {"Complex128", 16},
};

static int dtype_ok(msrt_dtype dt) {
  return (unsigned)dt < (unsigned)MSRT_NUM_DTYPES; /* also rejects negatives */
}

const char *msrt_dtype_name(msrt_dtype dt) {
  return dtype_ok(dt) ? dtype_info[dt].name : "?";
}

size_t msrt_dtype_size(msrt_dtype dt) {
  return dtype_ok(dt) ? dtype_info[dt].size : 0;
}

/* ===================================================================
 * float16
 * =================================================================== */

double msrt_half_to_double(uint16_t h) {
  int e = (h >> 10) & 0x1f;
  double m = (double)(h & 0x3ff), v;
  if (e == 0x1f) {
    v = (h & 0x3ff) ? (double)NAN : (double)INFINITY;
  } else if (e == 0) {
    v = ldexp(m, -24);
  } else {
    v = ldexp(m + 1024.0, e - 25);
  }
  return (h & 0x8000) ? -v : v;
}

uint16_t msrt_double_to_half(double x) {
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  double a = fabs(x), r;
  int e;
  if (isnan(x)) return (uint16_t)(sign | 0x7e00);
  if (a >= 65520.0) return (uint16_t)(sign | 0x7c00); /* rounds to inf */
  if (a < ldexp(1.0, -14)) {                          /* subnormal range */
    r = nearbyint(ldexp(a, 24));                      /* ties to even */
    return (uint16_t)(sign | (uint16_t)r); /* r == 1024 is the min normal */
  }
  e = ilogb(a);
  r = nearbyint(ldexp(a, 10 - e)); /* in [1024, 2048] */
  if (r >= 2048.0) {
    r /= 2;
    e++;
  }
  if (e > 15) return (uint16_t)(sign | 0x7c00);
  return (uint16_t)(sign | (uint16_t)((e + 15) << 10) |
                    ((uint16_t)r & 0x3ff));
}
