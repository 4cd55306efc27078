/* unit_quant.c — tests/unit/test_quant.c on the board (scripts/firmware-test.sh,
 * "quant-unit"): runtime/quant.c's Armv7E-M paths (the SMLAD/SXTB16 dense
 * loop in assembly, SMMLAR requantization, VCVT quantization, the conv's
 * gathers, the x16 rows; runtime/mcu.c's int8 MaxPool) against the same references as on the host, where the portable
 * C runs. The startup code runs no constructors (mps2-an386.ld discards
 * .init_array), so the tests are registered here, by name. */
#include "unit.h"
#undef TEST
#define TEST(tname) static void test_##tname(void)
#define main unit_main
#include "test_quant.c"
#undef main

#define REG(t) (unit_tests[unit_ntests].name = #t, unit_tests[unit_ntests++].fn = test_##t)

int main(void) {
  REG(srdhm);
  REG(rdpot);
  REG(quantize_multiplier);
  REG(multiply_by_quantized_multiplier);
  REG(dense_int8);
  REG(quantize_dequantize);
  REG(dense_packed);
  REG(dense_x16);
  REG(quantize_rounding);
  REG(conv2d_packed);
  REG(maxpool_i8);
  return unit_main();
}
