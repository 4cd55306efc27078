/* print_driver.c — prints every array of a case file with the runtime's
 * printers, for the numpy-differential harness (print_diff.py).
 *
 *   print_driver MODE CASES.bin      MODE: numpy | graph | repr | nprepr
 *
 * (nprepr: numpy's repr, msrt_print_numpy_repr.)
 *
 * CASES.bin is a sequence of records, little-endian:
 *   u32 dtype (msrt_dtype), u32 ndim, i64 shape[ndim], u64 nbytes, bytes.
 * Each array's text goes to stdout followed by one NUL byte. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/msrt.h"

static void write_file(void *ctx, const char *s, size_t n) {
  fwrite(s, 1, n, (FILE *)ctx);
}

static int read_exact(FILE *f, void *p, size_t n) {
  return fread(p, 1, n, f) == n;
}

int main(int argc, char **argv) {
  FILE *f;
  unsigned char *buf = NULL;
  size_t bufcap = 0;
  long ncases = 0;
  int mode;
  if (argc != 3) {
    fprintf(stderr, "usage: print_driver numpy|graph|repr|nprepr CASES.bin\n");
    return 2;
  }
  if (!strcmp(argv[1], "numpy")) mode = 0;
  else if (!strcmp(argv[1], "graph")) mode = 1;
  else if (!strcmp(argv[1], "repr")) mode = 2;
  else if (!strcmp(argv[1], "nprepr")) mode = 3;
  else {
    fprintf(stderr, "print_driver: unknown mode '%s'\n", argv[1]);
    return 2;
  }
  f = fopen(argv[2], "rb");
  if (!f) {
    perror(argv[2]);
    return 2;
  }
  for (;;) {
    unsigned int hdr[2];
    int64_t shape[MSRT_MAX_NDIM];
    uint64_t nbytes;
    int rc;
    if (!read_exact(f, hdr, sizeof hdr)) break;
    if (hdr[1] > MSRT_MAX_NDIM ||
        !read_exact(f, shape, sizeof shape[0] * hdr[1]) ||
        !read_exact(f, &nbytes, sizeof nbytes)) {
      fprintf(stderr, "print_driver: bad record %ld\n", ncases);
      return 2;
    }
    if (nbytes + 1 > bufcap) {
      bufcap = (size_t)nbytes + 1;
      buf = realloc(buf, bufcap);
      if (!buf) return 2;
    }
    if (!read_exact(f, buf, (size_t)nbytes)) {
      fprintf(stderr, "print_driver: short record %ld\n", ncases);
      return 2;
    }
    if (mode == 0)
      rc = msrt_print_numpy(write_file, stdout, (msrt_dtype)hdr[0], buf, shape,
                            (int)hdr[1], NULL);
    else if (mode == 1)
      rc = msrt_print_graph(write_file, stdout, (msrt_dtype)hdr[0], buf, shape,
                            (int)hdr[1], NULL, NULL);
    else if (mode == 2)
      rc = msrt_print_repr(write_file, stdout, (msrt_dtype)hdr[0], buf, shape,
                           (int)hdr[1], NULL);
    else
      rc = msrt_print_numpy_repr(write_file, stdout, (msrt_dtype)hdr[0], buf,
                                 shape, (int)hdr[1], NULL);
    if (rc) printf("<error %d>", rc);
    putchar(0);
    if (getenv("PRINT_DRIVER_FLUSH")) fflush(stdout);
    ncases++;
  }
  free(buf);
  fclose(f);
  return 0;
}
