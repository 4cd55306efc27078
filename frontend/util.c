/* util.c — see util.h. */
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void die_(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  fprintf(stderr, "msc: internal error at %s:%d: ", file, line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputs("\nmsc: this is a bug in msc; please report it with the script that triggered it\n", stderr);
  abort();
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) die("out of memory allocating %zu bytes", n);
  return p;
}

void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) die("out of memory allocating %zu x %zu bytes", n, size);
  return p;
}

void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) die("out of memory reallocating %zu bytes", n);
  return q;
}

char *xstrndup(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

/* ---- Arena ------------------------------------------------------------ */

typedef struct Chunk {
  struct Chunk *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
} Chunk;

struct Arena {
  Chunk *head;
};

Arena *arena_new(void) { return xcalloc(1, sizeof(Arena)); }

void arena_free(Arena *a) {
  if (!a) return;
  for (Chunk *c = a->head, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  free(a);
}

void *arena_alloc(Arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  Chunk *c = a->head;
  if (!c || c->cap - c->used < n) {
    size_t cap = n > 65536 ? n : 65536;
    c = xmalloc(sizeof(Chunk) + cap);
    c->used = 0;
    c->cap = cap;
    c->next = a->head;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += n;
  memset(p, 0, n);
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *arena_strdup(Arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

/* ---- Buf -------------------------------------------------------------- */

void buf_reserve(Buf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap * 2 : 64;
  while (cap < b->len + extra + 1) cap *= 2;
  b->data = xrealloc(b->data, cap);
  b->cap = cap;
}

void buf_append(Buf *b, const char *s, size_t n) {
  buf_reserve(b, n);
  if (n) memcpy(b->data + b->len, s, n); /* s may be NULL when n is 0 (UBSan) */
  b->len += n;
  b->data[b->len] = 0;
}

void buf_putc(Buf *b, char c) { buf_append(b, &c, 1); }
void buf_puts(Buf *b, const char *s) { buf_append(b, s, strlen(s)); }

void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0) die("vsnprintf failed");
  buf_reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
}

char *buf_detach(Buf *b) {
  char *s = b->data ? b->data : xstrdup("");
  b->data = NULL;
  b->len = b->cap = 0;
  return s;
}

void buf_free(Buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

char *read_file(const char *path, size_t *len) { return read_file_max(path, SIZE_MAX - 1, len); }

char *read_file_max(const char *path, size_t max, size_t *len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  Buf b = {0};
  char tmp[65536];
  size_t n;
  errno = 0;
  int err = 0;
  while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) {
    if (n > max - b.len + 1 || b.len + n > max) { /* past max: stop reading (/dev/zero) */
      err = EFBIG;
      break;
    }
    buf_append(&b, tmp, n);
  }
  if (!err) err = ferror(f) ? (errno ? errno : EIO) : 0;
  if (f != stdin) fclose(f);
  if (err) {
    buf_free(&b);
    errno = err;
    return NULL;
  }
  buf_reserve(&b, 0);
  b.data[b.len] = 0;
  if (len) *len = b.len;
  return buf_detach(&b);
}
