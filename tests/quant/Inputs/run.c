/* run.c — runs a quantized library's entry on every row of a raw input
 * file (argv[1]) and writes the raw outputs to argv[2]. Built with
 * -DHDR='"NAME.h"' -DENTRY=NAME_E -DIN_T=... -DOUT_T=... -DIN_SIZE=...
 * -DOUT_SIZE=... (tests/quant/digits.py). */
#include <stdint.h>
#include <stdio.h>

#include HDR

int main(int argc, char **argv) {
  static IN_T x[IN_SIZE];
  static OUT_T y[OUT_SIZE];
  if (argc != 3) return 2;
  FILE *f = fopen(argv[1], "rb"), *g = fopen(argv[2], "wb");
  if (!f || !g) return 2;
  long n = 0;
  while (fread(x, sizeof x, 1, f) == 1) {
    if (ENTRY(x, y) != 0) return 1;
    fwrite(y, sizeof y, 1, g);
    n++;
  }
  fclose(f);
  fclose(g);
  printf("%ld rows\n", n);
  return 0;
}
