/* fuzz/image.c — libFuzzer target: the decoders of mindspore.dataset's
 * files (eval/dsio.c) on any bytes: vision.Decode's JPEG (libjpeg-turbo)
 * and PNG (libpng) paths, told apart by their signatures as Decode does,
 * and MnistDataset's idx parser. Whatever is decoded is walked (its pixel
 * sum), so a wrong size shows under ASan; a refused input is an error
 * message, which is what is being fuzzed. Seeds: tests/fuzz/corpus/image
 * (a JPEG by cjpeg, PNGs of several colour types, idx files). */
#include "fuzz.h"

#include "../eval/dsio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_setup();
  char err[DSIO_ERR_LEN];
  DsioImage img;
  volatile unsigned sum = 0;
  if (dsio_decode_image(data, size, &img, err)) {
    for (size_t i = 0; i < (size_t)img.h * img.w * 3; i++) sum += img.data[i];
    free(img.data);
  }
  DsioArray a;
  if (dsio_parse_idx(data, size, &a, err)) {
    size_t n = 1;
    for (int i = 0; i < a.ndim; i++) n *= (size_t)a.shape[i];
    n *= msrt_dtype_size(a.dtype);
    for (size_t i = 0; i < n; i++) sum += ((const uint8_t *)a.data)[i];
    free(a.data);
  }
  (void)sum;
  return 0;
}
