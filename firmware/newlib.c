/* newlib.c: the newlib system calls the self-test of `msc compile`
 * (NAME_test.c: printf) needs, over semihosting, for firmware/startup.c's
 * bare image (linked with --specs=nano.specs --specs=nosys.specs; nosys
 * stubs the rest). Output: _write -> SYS_WRITE0 in NUL-terminated chunks.
 * _sbrk: a static heap (newlib's float formatting allocates). __wrap_main
 * (link with -Wl,--wrap=main) makes stdout unbuffered, so every line reaches
 * the host even though the reset handler ends QEMU without exit(). The
 * generated library itself uses none of this (the nm check proves it). */
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

#include "fw.h"

int _write(int fd, const char *p, int n);
void *_sbrk(int incr);
int _fstat(int fd, struct stat *st);
int _isatty(int fd);
int __real_main(void);
int __wrap_main(void);

int _write(int fd, const char *p, int n) {
  char b[65];
  int i = 0, k;
  (void)fd;
  while (i < n) {
    for (k = 0; k < 64 && i < n; k++, i++) b[k] = p[i] ? p[i] : ' ';
    b[k] = '\0';
    fw_puts(b);
  }
  return n;
}

#ifndef FW_HEAP_SIZE /* -DFW_HEAP_SIZE=N: the micro:bit's 16 KiB RAM takes less */
#define FW_HEAP_SIZE 16384
#endif
static unsigned char heap[FW_HEAP_SIZE] __attribute__((aligned(8)));
static unsigned int heap_used;

void *_sbrk(int incr) {
  void *p;
  if (incr < 0 || (unsigned int)incr > FW_HEAP_SIZE - heap_used) {
    errno = ENOMEM;
    return (void *)-1;
  }
  p = heap + heap_used;
  heap_used += (unsigned int)incr;
  return p;
}

int _fstat(int fd, struct stat *st) {
  (void)fd;
  st->st_mode = S_IFCHR;
  return 0;
}

int _isatty(int fd) { return fd >= 0 && fd <= 2; }

int __wrap_main(void) {
  int rc;
  setvbuf(stdout, NULL, _IONBF, 0);
  rc = __real_main();
  fflush(stdout);
  return rc;
}
