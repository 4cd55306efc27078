/* fuzz/ckpt.c — libFuzzer target of the .ckpt reader (serial/ckpt.c
 * ckpt_decode, behind ms.load_checkpoint). Any input must give a decoded
 * checkpoint or an error message: no crash, leak, or out-of-bounds access.
 * Seeds: tests/fuzz/corpus/ckpt/. Run: make fuzz FUZZ_TARGETS=ckpt;
 * replayed by build/tests/unit/fuzz_replay_ckpt (make unit). */
#include <stddef.h>
#include <stdint.h>

#include "serial/serial.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  CkptFile f;
  char err[512];
  for (int crc = 0; crc < 2; crc++)
    if (ckpt_decode(data, size, crc, &f, err, sizeof err)) ckpt_file_free(&f);
  return 0;
}
