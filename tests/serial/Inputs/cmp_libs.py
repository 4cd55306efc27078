"""cmp_libs.py DIR_A LIB_A ENTRY_A DIR_B LIB_B ENTRY_B — a C main calling
two generated libraries' entries (one float input, one float output) on the
same input and comparing the outputs' bits ("same bits")."""
import sys

_, da, la, ea, db, lb, eb = sys.argv
A = (la + '_' + ea).upper()
B = (lb + '_' + eb).upper()
print(f'''#include <stdio.h>
#include <string.h>
#include "{la}.h"
#include "{lb}.h"
static float x[{A}_IN0_SIZE], ya[{A}_OUT0_SIZE], yb[{B}_OUT0_SIZE];
int main(void) {{
  int i;
  if ({A}_IN0_SIZE != {B}_IN0_SIZE || {A}_OUT0_SIZE != {B}_OUT0_SIZE) {{ puts("sizes differ"); return 1; }}
  for (i = 0; i < {A}_IN0_SIZE; i++) x[i] = (float)((i * 7919) % 200 - 100) / 64.0f;
  if ({la}_{ea}(x, ya) != 0 || {lb}_{eb}(x, yb) != 0) {{ puts("call failed"); return 1; }}
  puts(memcmp(ya, yb, sizeof ya) == 0 ? "same bits" : "different bits");
  return 0;
}}''')
