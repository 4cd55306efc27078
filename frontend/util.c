/* util.c — see util.h. */
#include "util.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__)
#define ARENA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_ASAN 1
#endif
#endif
#ifdef ARENA_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/lsan_interface.h>
#endif

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

/* Chunks of CHUNK bytes come from a process-wide pool carved out of
 * 32 MiB mappings that ask for transparent huge pages (madvise): parsing
 * lib/mindspore for `import mindspore` fills ~17 MiB of AST, which in 4 KiB
 * pages is ~4,300 page faults, most of a short `msc run`'s system time.
 * Fresh pages are zero, and arena_free clears the part of a chunk that was
 * used before the chunk goes back to the pool, so every chunk starts zeroed and arena_alloc does
 * not clear each allocation. Requests larger than a chunk get their own
 * zeroed block. The pool never shrinks (freed chunks are reused).
 *
 * Under ASan the pool is the same (a calloc'd block per chunk cost a
 * quarter of a sanitized `msc run`: ASan clears every calloc and the VM
 * faults its pages in one by one), and ASan watches it by hand: a chunk is
 * poisoned when handed out, each allocation is unpoisoned with a 16-byte
 * poisoned gap after it (an overflow into the next allocation is reported,
 * which calloc'd chunks never did), and arena_free poisons a chunk again
 * after clearing it (a use after arena_free is reported). Each pool
 * mapping is a LeakSanitizer root region, so heap blocks that only AST
 * nodes point to are not leaks; freed chunks are cleared (and the unused
 * rest of a mapping is zero), so no stale pointer hides a leak. */
enum { CHUNK = 1 << 16, POOL_MAP = 32 << 20 };

typedef struct Chunk {
  struct Chunk *next;
  size_t used, cap;
  int big; /* its own calloc'd block, not a pool chunk */
  _Alignas(16) unsigned char data[];
} Chunk;

struct Arena {
  Chunk *head;
};

static struct {
  pthread_mutex_t mu;
  unsigned char *next, *end; /* the unused part of the current mapping */
  Chunk *free;               /* chunks back from arena_free */
} pool = {PTHREAD_MUTEX_INITIALIZER, NULL, NULL, NULL};

#ifdef ARENA_ASAN
enum { REDZONE = 16 };
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
enum { REDZONE = 0 };
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

static Chunk *chunk_get(void) {
  pthread_mutex_lock(&pool.mu);
  Chunk *c = pool.free;
  if (c) {
    UNPOISON(c, sizeof(Chunk));
    pool.free = c->next;
    pthread_mutex_unlock(&pool.mu);
    c->next = NULL; /* the data was cleared by arena_free */
    c->used = 0;
    c->big = 0;
  } else {
    if (pool.next == pool.end) {
      /* 2 MiB aligned, so that the kernel can back it with huge pages */
      size_t len = POOL_MAP + (2u << 20);
      unsigned char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (m == MAP_FAILED) {
        pthread_mutex_unlock(&pool.mu);
        return NULL;
      }
      unsigned char *a = (unsigned char *)(((uintptr_t)m + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1));
#ifdef MADV_HUGEPAGE
      (void)madvise(a, POOL_MAP, MADV_HUGEPAGE);
#endif
      pool.next = a;
      pool.end = a + POOL_MAP;
    }
    c = (Chunk *)(void *)pool.next;
    pool.next += CHUNK;
#ifdef ARENA_ASAN
    /* one LeakSanitizer root region per mapping, its carved part, not one
     * per chunk: LSan re-reads /proc/self/maps for every region at its
     * leak check (~1 ms each here: ~270 regions made `import mindspore`'s
     * exit ~0.3 s), and scanning the never-used rest of a mapping would
     * fault in its pages */
    unsigned char *base = pool.end - POOL_MAP;
    if ((unsigned char *)c != base) __lsan_unregister_root_region(base, (size_t)((unsigned char *)c - base));
    __lsan_register_root_region(base, (size_t)(pool.next - base));
#endif
    pthread_mutex_unlock(&pool.mu);
    POISON(c->data, CHUNK - sizeof(Chunk));
  }
  c->cap = CHUNK - sizeof(Chunk);
  return c;
}

Arena *arena_new(void) { return xcalloc(1, sizeof(Arena)); }

void arena_free(Arena *a) {
  if (!a) return;
  for (Chunk *c = a->head, *next; c; c = next) {
    next = c->next;
    if (c->big) {
      free(c);
      continue;
    }
    /* cleared now, what it used only, so a reused chunk starts zeroed (and,
     * under ASan, its stale pointers hide no leak) */
    UNPOISON(c->data, c->used);
    memset(c->data, 0, c->used);
    POISON(c->data, c->cap);
    pthread_mutex_lock(&pool.mu);
    c->next = pool.free;
    pool.free = c;
    POISON(c, sizeof(Chunk));
    pthread_mutex_unlock(&pool.mu);
  }
  free(a);
}

void *arena_alloc(Arena *a, size_t want) {
  size_t n = ((want + 15) & ~(size_t)15) + REDZONE;
  Chunk *c = a->head;
  if (!c || c->cap - c->used < n) {
    if (n > CHUNK - sizeof(Chunk)) {
      c = xcalloc(1, sizeof(Chunk) + n);
      c->cap = n;
      c->big = 1;
    } else if (!(c = chunk_get())) {
      c = xcalloc(1, CHUNK);
      c->cap = CHUNK - sizeof(Chunk);
      c->big = 1;
    }
    c->next = a->head;
    a->head = c;
  }
  void *p = c->data + c->used;
  c->used += n;
  if (!c->big) UNPOISON(p, want);
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
