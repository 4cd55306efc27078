/* kernel_driver.c — runs every case of a case file through the runtime's
 * kernels, for the numpy-differential harness (kernel_diff.py).
 *
 *   kernel_driver CASES.bin > RESULTS.bin
 *
 * A case is, little-endian:
 *   u32 kind, u32 op, u32 dt, u32 dt2, i64 p[48], f64 f[4],
 *   u32 narrays, then per array u64 nbytes + bytes, then u64 out_nbytes.
 * The kinds and the meaning of p[] are listed in kernel_diff.py (KIND_*).
 * For each case the driver writes i32 rc, u64 nbytes and the output
 * buffer. The output buffer starts filled with 0xA5 bytes (so elements a
 * kernel forgets to write show up), or with array 2 for gemm's C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/msrt.h"

enum { K_BINARY, K_UNARY, K_CAST, K_COPY, K_REDUCE, K_MATMUL, K_SOFTMAX, K_GEMM };
#define NP 48
#define MAXARR 3

static int read_exact(FILE *f, void *p, size_t n) { return fread(p, 1, n, f) == n; }

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "kernel_driver: out of memory\n");
    exit(2);
  }
  return p;
}

int main(int argc, char **argv) {
  FILE *f;
  long ncase = 0;
  if (argc != 2) {
    fprintf(stderr, "usage: kernel_driver CASES.bin\n");
    return 2;
  }
  f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  for (;;) {
    unsigned hdr[4], narr, i;
    int64_t p[NP];
    double fp[4];
    unsigned char *arr[MAXARR] = {NULL, NULL, NULL};
    uint64_t alen[MAXARR] = {0, 0, 0}, olen;
    unsigned char *out;
    int rc = MSRT_EINVAL;
    msrt_dtype dt, dt2;
    size_t es;
    if (!read_exact(f, hdr, sizeof hdr)) break;
    if (!read_exact(f, p, sizeof p) || !read_exact(f, fp, sizeof fp) ||
        !read_exact(f, &narr, 4) || narr > MAXARR) {
      fprintf(stderr, "kernel_driver: bad case %ld\n", ncase);
      return 2;
    }
    for (i = 0; i < narr; i++) {
      if (!read_exact(f, &alen[i], 8)) return 2;
      arr[i] = xmalloc((size_t)alen[i]);
      if (!read_exact(f, arr[i], (size_t)alen[i])) return 2;
    }
    if (!read_exact(f, &olen, 8)) return 2;
    out = xmalloc((size_t)olen);
    memset(out, 0xa5, (size_t)olen);
    dt = (msrt_dtype)hdr[2];
    dt2 = (msrt_dtype)hdr[3];
    es = msrt_dtype_size(dt);
    switch (hdr[0]) {
    case K_BINARY:
      rc = msrt_binary((msrt_binop)hdr[1], dt, (int)p[0], p + 1,
                       arr[0] + (size_t)p[33] * es, p + 9,
                       arr[1] + (size_t)p[34] * es, p + 17, out,
                       p[35] ? NULL : p + 25);
      break;
    case K_UNARY:
      if (p[1]) { /* in place */
        memcpy(out, arr[0], (size_t)alen[0]);
        rc = msrt_unary((msrt_unop)hdr[1], dt, p[0], out, out);
      } else {
        rc = msrt_unary((msrt_unop)hdr[1], dt, p[0], arr[0], out);
      }
      break;
    case K_CAST:
      rc = msrt_cast(dt, dt2, p[0], arr[0], out);
      break;
    case K_COPY:
      rc = msrt_copy_strided(dt, (int)p[0], p + 1, arr[0] + (size_t)p[33] * es,
                             p + 9, out);
      break;
    case K_REDUCE:
      rc = msrt_reduce((msrt_reduce_op)hdr[1], dt, dt2, p[0], p[1], p[2], arr[0], out);
      break;
    case K_MATMUL: {
      void *ws = p[8] ? xmalloc(msrt_gemm_ws_size(p[3], p[4], p[5])) : NULL;
      rc = msrt_matmul(dt, (int)p[0], (int)p[1], p[2], p[3], p[4], p[5], arr[0],
                       p[6], arr[1], p[7], out, ws);
      free(ws);
      break;
    }
    case K_SOFTMAX:
      rc = msrt_softmax(dt, (int)hdr[1], p[0], p[1], p[2], arr[0], out);
      break;
    case K_GEMM: {
      void *ws = p[8] ? xmalloc(msrt_gemm_ws_size(p[2], p[3], p[4]) + 16) : NULL;
      /* p[9]: misalign ws by 16 bytes (the header promises only 16) */
      void *w = ws && p[9] ? (char *)ws + 16 : ws;
      memcpy(out, arr[2], (size_t)alen[2]);
      rc = 0;
      if (dt == MSRT_FLOAT32)
        msrt_gemm_f32((int)p[0], (int)p[1], p[2], p[3], p[4], (float)fp[0],
                      (const float *)(void *)arr[0], p[5],
                      (const float *)(void *)arr[1], p[6], (float)fp[1],
                      (float *)(void *)out, p[7], w);
      else
        msrt_gemm_f64((int)p[0], (int)p[1], p[2], p[3], p[4], fp[0],
                      (const double *)(void *)arr[0], p[5],
                      (const double *)(void *)arr[1], p[6], fp[1],
                      (double *)(void *)out, p[7], w);
      free(ws);
      break;
    }
    default:
      fprintf(stderr, "kernel_driver: unknown kind %u\n", hdr[0]);
      return 2;
    }
    fwrite(&rc, 4, 1, stdout);
    fwrite(&olen, 8, 1, stdout);
    fwrite(out, 1, (size_t)olen, stdout);
    for (i = 0; i < narr; i++) free(arr[i]);
    free(out);
    ncase++;
  }
  fclose(f);
  return 0;
}
