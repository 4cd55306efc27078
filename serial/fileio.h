/* fileio.h — whole-file read with a size limit, atomic write (fileio.c).
 * Errors: false with the reason (strerror's text) in err. */
#ifndef MSC_SERIAL_FILEIO_H
#define MSC_SERIAL_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool ser_read_file(const char *path, size_t limit, uint8_t **out, size_t *n, char *err, size_t cap);
/* Creates the missing directories of path's parent (mkdir -p). */
bool ser_make_parents(const char *path, char *err, size_t cap);
bool ser_write_file(const char *path, const uint8_t *data, size_t n, char *err, size_t cap);

#endif
