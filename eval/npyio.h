/* npyio.h — numpy's .npy/.npz files read without an interpreter (npyio.c),
 * for msc's own use (msc compile --calibration=FILE). The formats and the
 * error texts are those of np.load (npyio.c's header). */
#ifndef MSC_NPYIO_H
#define MSC_NPYIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../runtime/msrt.h"

typedef struct NpyArray {
  char *name;      /* an .npz member's name without ".npy"; "" for a .npy file */
  msrt_dtype dt;
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  int64_t size;
  void *data;      /* C order, native byte order (malloc'd) */
} NpyArray;

/* Reads path: a .npy file (one array) or an .npz archive (its members in
 * archive order). False with a one-line message in err. */
bool npyio_read_file(const char *path, NpyArray **out, int *n, char *err, size_t errcap);
void npyio_free(NpyArray *a, int n);

#endif
