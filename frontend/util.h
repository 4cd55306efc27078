/* util.h — support code every stage of msc uses: internal-error exits,
 * checked allocation, the compilation arena, growable byte buffers.
 *
 * Conventions (see STYLE.md): die() is for broken internal invariants only
 * and prints the C source position; errors in the user's script go through
 * diag.h instead and are never reported with die().
 */
#ifndef MSC_UTIL_H
#define MSC_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MSC_VERSION "0.1.0"

#if defined(__GNUC__)
#define MSC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define MSC_PRINTF(f, a)
#endif

_Noreturn void die_(const char *file, int line, const char *fmt, ...) MSC_PRINTF(3, 4);
#define die(...) die_(__FILE__, __LINE__, __VA_ARGS__)
#define MSC_ASSERT(c) ((c) ? (void)0 : die("assertion failed: %s", #c))

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Arena: bump allocator for compiler data (AST, IR, interned text). Nothing
 * is freed one by one; arena_free releases everything at once. */
typedef struct Arena Arena;
Arena *arena_new(void);
void arena_free(Arena *a);
void *arena_alloc(Arena *a, size_t n); /* zeroed, 16-byte aligned */
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_strdup(Arena *a, const char *s);

/* Buf: growable byte buffer, always NUL-terminated after the first write. */
typedef struct Buf {
  char *data;
  size_t len, cap;
} Buf;
void buf_reserve(Buf *b, size_t extra);
void buf_putc(Buf *b, char c);
void buf_puts(Buf *b, const char *s);
void buf_append(Buf *b, const char *s, size_t n);
void buf_printf(Buf *b, const char *fmt, ...) MSC_PRINTF(2, 3);
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
char *buf_detach(Buf *b); /* returns malloc'd string, resets b */
void buf_free(Buf *b);

/* Reads a whole file; returns NULL (errno set) on failure. *len excludes the
 * NUL terminator that is always appended. */
char *read_file(const char *path, size_t *len);
/* The same, failing with errno EFBIG when the file is longer than max bytes
 * (it stops reading there: /dev/zero ends). */
char *read_file_max(const char *path, size_t max, size_t *len);

#endif
