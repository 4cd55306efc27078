/* fileio.c — whole-file reads and all-or-nothing writes for serial/'s
 * users (kept small and apart so that it can move onto the hardening
 * issue's output API): a file is read whole with a size limit, and written
 * to a temporary name in its directory, then renamed over the target, so a
 * failed write leaves nothing behind.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"

#include "atomic_out.h"

bool ser_read_file(const char *path, size_t limit, uint8_t **out, size_t *n, char *err, size_t cap) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, cap, "%s", strerror(errno));
    return false;
  }
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    snprintf(err, cap, "it is a directory");
    return false;
  }
  size_t len = 0, bcap = 1 << 16;
  uint8_t *b = malloc(bcap);
  while (b) {
    size_t got = fread(b + len, 1, bcap - len, f);
    len += got;
    if (len < bcap) break;
    if (len > limit) {
      free(b);
      fclose(f);
      snprintf(err, cap, "the file is larger than %zu bytes", limit);
      return false;
    }
    bcap *= 2;
    uint8_t *nb = realloc(b, bcap);
    if (!nb) free(b);
    b = nb;
  }
  if (!b) {
    fclose(f);
    snprintf(err, cap, "out of memory");
    return false;
  }
  if (ferror(f)) {
    snprintf(err, cap, "%s", strerror(errno));
    free(b);
    fclose(f);
    return false;
  }
  fclose(f);
  *out = b;
  *n = len;
  return true;
}

/* All or nothing through serial/atomic_out.h (staged, renamed; a signal
 * removes the staging): the reason alone in err, as the callers expect. */
bool ser_write_file(const char *path, const uint8_t *data, size_t n, char *err, size_t cap) {
  char msg[512];
  if (aout_write_file(path, data, n, msg, sizeof msg)) return true;
  snprintf(err, cap, "%s", strerror(errno));
  return false;
}

bool ser_make_parents(const char *path, char *err, size_t cap) {
  char *d = strdup(path);
  if (!d) {
    snprintf(err, cap, "out of memory");
    return false;
  }
  for (char *p = d + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    if (mkdir(d, 0777) != 0 && errno != EEXIST) {
      snprintf(err, cap, "cannot create the directory '%s': %s", d, strerror(errno));
      free(d);
      return false;
    }
    *p = '/';
  }
  free(d);
  return true;
}
