/* hello.c: the firmware smoke test -- semihosting output, float code on
 * the FPU, .data/.bss initialisation and the exit status all work. Prints
 * "hello from cortex-m4" and two checks, exits 0 (or 1 if a check fails). */
#include "fw.h"

static volatile float scale = 1.5f; /* .data */
static volatile uint32_t zero;      /* .bss */

int main(void) {
  float x = scale * 2.0f; /* a VFP multiply: faults unless the FPU is on */
  int bad = 0;
  fw_puts("hello from cortex-m4\n");
  fw_puts("data: ");
  fw_putf(x);
  if (x != 3.0f) { bad = 1; fw_puts(" FAIL"); }
  fw_puts("\nbss: ");
  fw_putu(zero);
  if (zero != 0u) { bad = 1; fw_puts(" FAIL"); }
  fw_puts("\n");
  return bad;
}
