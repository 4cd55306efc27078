/* dsio.h — the decoders of mindspore.dataset's file formats (dsio.c),
 * usable without an interpreter (fuzz/image.c). */
#ifndef MSC_DSIO_H
#define MSC_DSIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../runtime/msrt.h"

#define DSIO_ERR_LEN 512

/* An H x W x 3 RGB uint8 image; data malloc'd (the caller frees it). */
typedef struct {
  uint32_t h, w;
  uint8_t *data;
} DsioImage;

/* An idx file's array, little-endian; data malloc'd (the caller frees it). */
typedef struct {
  msrt_dtype dtype;
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  void *data;
} DsioArray;

/* JPEG or PNG bytes buf[0..n) into img; false with a message in
 * err[DSIO_ERR_LEN] (nothing allocated then). */
bool dsio_decode_image(const uint8_t *buf, size_t n, DsioImage *img, char *err);
/* idx bytes buf[0..n) into a; false with a message in err. */
bool dsio_parse_idx(const uint8_t *buf, size_t n, DsioArray *a, char *err);

#endif
