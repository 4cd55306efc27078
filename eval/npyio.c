/* npyio.c — numpy's .npy and .npz file formats for msc's numpy
 * (lib/numpy/__init__.py: np.save, np.load, np.savez, np.savez_compressed).
 *
 * Natives (registered by mod_msc.c in the `_msc` module):
 *   _msc.npy_save(path, arr)
 *       Writes arr as a .npy file, format version 1.0 exactly as numpy 1.24
 *       writes it (header dict with sorted keys, 21-digit growth padding,
 *       padded with spaces to a 64-byte boundary and ended by '\n'; 2.0 only
 *       if the header does not fit in 65535 bytes). The file is written
 *       all or nothing (serial/atomic_out.h: staged, then renamed over
 *       `path`).
 *   _msc.npy_load(path)   -> ndarray  (a .npy file)
 *   _msc.npz_load(path)   -> list of (name, ndarray) in archive order
 *       (names as stored, e.g. 'a.npy'; members stored or deflated).
 *   _msc.npz_save(path, names, arrays, compress)
 *       A zip archive with one .npy member per (name, array) (the caller
 *       appends '.npy' to the names), stored or deflated (zlib), date
 *       1980-01-01 as numpy's savez; written atomically like npy_save.
 *   _msc.file_kind(path) -> 'npy', 'zip' or 'other'
 *       (FileNotFoundError if missing; 'empty' for an empty file).
 *
 * Formats read: .npy versions 1.0, 2.0 and 3.0; dtypes b1 i1 u1 i2 u2 i4 u4
 * i8 u8 f2 f4 f8 in either byte order ('<', '>', '=', '|'); C or Fortran
 * order; 0-d arrays. Refused with ValueError: complex, strings, structured
 * and object ('|O') arrays (msc has no pickle: "Object arrays cannot be
 * loaded when allow_pickle=False", numpy's wording). .npz: the zip central
 * directory is parsed here (zip64 extra fields understood), deflated members
 * are inflated by zlib (raw deflate, -MAX_WBITS), CRC-32 checked.
 *
 * Errors use numpy's wording where numpy has one (numpy 1.24 lib/format.py,
 * lib/npyio.py): "[Errno 2] No such file or directory: 'x.npy'",
 * "we only support format version (1,0), (2,0), and (3,0), not (9, 0)",
 * "EOF: reading array header, expected 118 bytes got 30",
 * "Cannot parse header: ...", "cannot reshape array of size 3 into shape
 * (2,3)". Every error is detected before any object is created and after
 * every buffer is freed, so raising never leaks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "../serial/atomic_out.h"
#include "tensor.h"
#include "graph.h"
#include "valpriv.h"
#include "npyio.h"

#define NATIVE(fn) Value fn(Interp *I, int argc, Value *argv, KwArgs *kw)

/* ---- errors ------------------------------------------------------------------ */

typedef struct {
  ExcKind kind;
  char msg[768];
} Err;

static bool fail(Err *e, ExcKind kind, const char *fmt, ...) MSC_PRINTF(3, 4);
static bool fail(Err *e, ExcKind kind, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->msg, sizeof e->msg, fmt, ap);
  va_end(ap);
  e->kind = kind;
  return false;
}

_Noreturn static void raise_err(Interp *I, const Err *e) { rt_raise(I, e->kind, "%s", e->msg); }

static bool fail_errno(Err *e, int err, const char *path) {
  if (err == ENOENT) return fail(e, EXC_FileNotFoundError, "[Errno 2] No such file or directory: '%s'", path);
  return fail(e, EXC_OSError, "[Errno %d] %s: '%s'", err, strerror(err), path);
}

/* ---- dtypes ------------------------------------------------------------------ */

static const struct {
  char kind;
  int size;
  msrt_dtype dt;
} npy_types[] = {
    {'b', 1, MSRT_BOOL},   {'i', 1, MSRT_INT8},   {'u', 1, MSRT_UINT8},   {'i', 2, MSRT_INT16},
    {'u', 2, MSRT_UINT16}, {'i', 4, MSRT_INT32},  {'u', 4, MSRT_UINT32},  {'i', 8, MSRT_INT64},
    {'u', 8, MSRT_UINT64}, {'f', 2, MSRT_FLOAT16}, {'f', 4, MSRT_FLOAT32}, {'f', 8, MSRT_FLOAT64},
};

static void descr_of(msrt_dtype dt, char *out) {
  for (size_t i = 0; i < sizeof npy_types / sizeof npy_types[0]; i++)
    if (npy_types[i].dt == dt) {
      out[0] = npy_types[i].size == 1 ? '|' : '<';
      out[1] = npy_types[i].kind;
      out[2] = (char)('0' + npy_types[i].size);
      out[3] = 0;
      return;
    }
  strcpy(out, "<f8");
}

/* ---- .npy header ------------------------------------------------------------- */

typedef struct {
  msrt_dtype dt;
  bool swap;
  bool fortran;
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  int64_t size;
  size_t data_off;
} NpyInfo;

/* A tiny parser for the header's Python dict literal. */
typedef struct {
  const char *p, *end;
} Lex;

static void lx_ws(Lex *l) {
  while (l->p < l->end && (*l->p == ' ' || *l->p == '\t' || *l->p == '\n' || *l->p == '\r')) l->p++;
}

static bool lx_eat(Lex *l, char c) {
  lx_ws(l);
  if (l->p < l->end && *l->p == c) {
    l->p++;
    return true;
  }
  return false;
}

/* A quoted string into buf (no escapes: numpy's descrs and keys have none). */
static bool lx_str(Lex *l, char *buf, size_t cap) {
  lx_ws(l);
  if (l->p >= l->end || (*l->p != '\'' && *l->p != '"')) return false;
  char q = *l->p++;
  size_t n = 0;
  while (l->p < l->end && *l->p != q) {
    /* a NUL or other control byte is no part of a descr or a key (numpy:
     * "Cannot parse header") */
    if (*l->p == '\\' || (unsigned char)*l->p < 0x20 || n + 1 >= cap) return false;
    buf[n++] = *l->p++;
  }
  if (l->p >= l->end) return false;
  l->p++;
  buf[n] = 0;
  return true;
}

static bool lx_word(Lex *l, const char *w) {
  lx_ws(l);
  size_t n = strlen(w);
  if ((size_t)(l->end - l->p) >= n && memcmp(l->p, w, n) == 0) {
    l->p += n;
    return true;
  }
  return false;
}

static bool lx_int(Lex *l, int64_t *out) {
  lx_ws(l);
  const char *s = l->p;
  int64_t v = 0;
  while (l->p < l->end && *l->p >= '0' && *l->p <= '9') {
    if (v > (INT64_MAX - 9) / 10) return false;
    v = v * 10 + (*l->p++ - '0');
  }
  if (l->p == s) return false;
  if (l->p < l->end && (*l->p == 'L' || *l->p == 'l')) l->p++;
  *out = v;
  return true;
}

/* "(2, 3)", "(4,)": numpy's shape text. */
static const char *shape_text(const NpyInfo *info, char *shp, size_t cap) {
  size_t k = 0;
  shp[k++] = '(';
  for (int i = 0; i < info->ndim && k + 24 < cap; i++)
    k += (size_t)snprintf(shp + k, cap - k, i ? ",%lld" : "%lld", (long long)info->shape[i]);
  if (info->ndim == 1) shp[k++] = ',';
  shp[k++] = ')';
  shp[k] = 0;
  return shp;
}

/* Parses the header text; on error fills e with numpy's wording. */
static bool parse_header(const char *h, size_t hlen, NpyInfo *info, Err *e) {
  Lex l = {h, h + hlen};
  char key[32], descr[64];
  bool have_descr = false, have_fo = false, have_shape = false;
  char shown[400];
  size_t sn = hlen < sizeof shown - 1 ? hlen : sizeof shown - 1;
  memcpy(shown, h, sn);
  shown[sn] = 0;
  /* numpy shows the header with repr(): escape the newline */
  char shown_esc[900];
  size_t k = 0;
  for (size_t i = 0; i < sn && k + 3 < sizeof shown_esc; i++) {
    if (shown[i] == '\n') {
      shown_esc[k++] = '\\';
      shown_esc[k++] = 'n';
    } else if (shown[i] == '"') {
      shown_esc[k++] = '\\';
      shown_esc[k++] = '"';
    } else {
      shown_esc[k++] = shown[i];
    }
  }
  shown_esc[k] = 0;
  if (!lx_eat(&l, '{')) goto bad;
  for (;;) {
    if (lx_eat(&l, '}')) break;
    if (!lx_str(&l, key, sizeof key)) goto bad;
    if (!lx_eat(&l, ':')) goto bad;
    if (strcmp(key, "descr") == 0) {
      lx_ws(&l);
      if (l.p < l.end && *l.p == '[')
        return fail(e, EXC_ValueError, "msc: np.load: structured arrays are not supported (header %s)", shown_esc);
      if (!lx_str(&l, descr, sizeof descr)) goto bad;
      have_descr = true;
    } else if (strcmp(key, "fortran_order") == 0) {
      if (lx_word(&l, "True")) info->fortran = true;
      else if (lx_word(&l, "False")) info->fortran = false;
      else goto bad;
      have_fo = true;
    } else if (strcmp(key, "shape") == 0) {
      if (!lx_eat(&l, '(')) goto bad;
      info->ndim = 0;
      while (!lx_eat(&l, ')')) {
        int64_t d;
        if (!lx_int(&l, &d)) goto bad;
        if (info->ndim >= MSRT_MAX_NDIM)
          return fail(e, EXC_ValueError, "msc: np.load: arrays of more than %d dimensions are not supported",
                      MSRT_MAX_NDIM);
        info->shape[info->ndim++] = d;
        if (!lx_eat(&l, ',')) {
          if (!lx_eat(&l, ')')) goto bad;
          break;
        }
      }
      have_shape = true;
    } else {
      goto keys;
    }
    if (!lx_eat(&l, ',')) {
      if (!lx_eat(&l, '}')) goto bad;
      break;
    }
  }
  lx_ws(&l);
  if (l.p != l.end) goto bad;
  if (!have_descr || !have_fo || !have_shape) goto keys;
  /* the dtype */
  {
    char order = descr[0], kind;
    const char *rest = descr + 1;
    if (order != '<' && order != '>' && order != '|' && order != '=') {
      order = '=';
      rest = descr;
    }
    kind = rest[0];
    if (kind == 'O')
      return fail(e, EXC_ValueError, "Object arrays cannot be loaded when allow_pickle=False");
    char *endp;
    long sz = kind ? strtol(rest + 1, &endp, 10) : 0;
    if (!kind || rest[1] == 0 || *endp != 0) {
      if (kind == 'c' || kind == 'U' || kind == 'S' || kind == 'V' || kind == 'M' || kind == 'm')
        goto unsupported;
      return fail(e, EXC_TypeError, "data type '%s' not understood", descr);
    }
    if (kind == '?') kind = 'b';
    info->dt = (msrt_dtype)-1;
    for (size_t i = 0; i < sizeof npy_types / sizeof npy_types[0]; i++)
      if (npy_types[i].kind == kind && npy_types[i].size == sz) info->dt = npy_types[i].dt;
    if ((int)info->dt < 0) goto unsupported;
    info->swap = order == '>' && sz > 1;
  }
  /* the check tensor_new makes, so that making the array cannot fail */
  char shp[400];
  if (!shape_elems(info->ndim, info->shape, &info->size))
    return fail(e, EXC_MemoryError, "np.load: an array of shape %s has more than %lld elements (raise the "
                "limit with --limit=elements=N)", shape_text(info, shp, sizeof shp),
                (long long)limit_get(LIM_ELEMENTS));
  return true;
unsupported:
  return fail(e, EXC_ValueError,
              "msc: np.load: dtype '%s' is not supported (msc supports little- and big-endian b1, i1, u1, "
              "i2, u2, i4, u4, i8, u8, f2, f4, f8)",
              descr);
keys:
  while (k > 0 && (shown_esc[k - 1] == ' ' || shown_esc[k - 1] == 'n')) {
    if (shown_esc[k - 1] == 'n' && !(k >= 2 && shown_esc[k - 2] == '\\')) break;
    k -= shown_esc[k - 1] == 'n' ? 2 : 1;
  }
  shown_esc[k] = 0;
  return fail(e, EXC_ValueError, "Header does not contain the correct keys: %s", shown_esc);
bad:
  return fail(e, EXC_ValueError, "Cannot parse header: \"%s\"", shown_esc);
}

/* Parses a .npy image buf[0..n). `member`: for npz members (numpy's wording
 * for short data differs between files and archive members). */
static bool parse_npy(const uint8_t *buf, size_t n, bool member, NpyInfo *info, Err *e) {
  memset(info, 0, sizeof *info);
  if (n < 6) return fail(e, EXC_ValueError, "EOF: reading magic string, expected 6 bytes got %zu", n);
  if (memcmp(buf, "\x93NUMPY", 6) != 0)
    return fail(e, EXC_ValueError, "the magic string is not correct; expected b'\\x93NUMPY'");
  if (n < 8) return fail(e, EXC_ValueError, "EOF: reading magic string, expected 8 bytes got %zu", n);
  int major = buf[6], minor = buf[7];
  if (!((major == 1 || major == 2 || major == 3) && minor == 0))
    return fail(e, EXC_ValueError, "we only support format version (1,0), (2,0), and (3,0), not (%d, %d)", major,
                minor);
  size_t lensz = major == 1 ? 2 : 4, hlen;
  if (n < 8 + lensz)
    return fail(e, EXC_ValueError, "EOF: reading array header length, expected %zu bytes got %zu", lensz, n - 8);
  if (major == 1) hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
  else hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
  size_t hoff = 8 + lensz;
  if (n - hoff < hlen)
    return fail(e, EXC_ValueError, "EOF: reading array header, expected %zu bytes got %zu", hlen, n - hoff);
  if (major < 3)
    for (size_t i = 0; i < hlen; i++)
      if (buf[hoff + i] >= 0x80)
        return fail(e, EXC_ValueError, "Cannot parse header: non-ASCII character in a version %d.0 header", major);
  if (!parse_header((const char *)buf + hoff, hlen, info, e)) return false;
  info->data_off = hoff + hlen;
  size_t isz = msrt_dtype_size(info->dt);
  size_t have = n - info->data_off;
  if ((uint64_t)info->size > have / isz) {
    if (member)
      return fail(e, EXC_ValueError, "EOF: reading array data, expected %llu bytes got %zu",
                  (unsigned long long)info->size * isz, have);
    char shp[400];
    return fail(e, EXC_ValueError, "cannot reshape array of size %zu into shape %s", have / isz,
                shape_text(info, shp, sizeof shp));
  }
  return true;
}

/* The elements of a parsed .npy image in C order and native byte order
 * into dst (info->size elements). */
static void npy_copy(void *dstv, const uint8_t *buf, const NpyInfo *info) {
  size_t isz = msrt_dtype_size(info->dt);
  const uint8_t *src = buf + info->data_off;
  uint8_t *dst = dstv;
  if (!info->fortran || info->ndim < 2) {
    if (info->size) memcpy(dst, src, (size_t)info->size * isz);
  } else {
    /* column-major source: walk the destination in C order, keeping the
     * source offset with a multi-index */
    int64_t idx[MSRT_MAX_NDIM] = {0}, fstride[MSRT_MAX_NDIM];
    int64_t s = 1;
    for (int d = 0; d < info->ndim; d++) {
      fstride[d] = s;
      s *= info->shape[d];
    }
    int64_t off = 0;
    for (int64_t i = 0; i < info->size; i++) {
      memcpy(dst + (size_t)i * isz, src + (size_t)off * isz, isz);
      for (int d = info->ndim - 1; d >= 0; d--) {
        idx[d]++;
        off += fstride[d];
        if (idx[d] < info->shape[d]) break;
        off -= fstride[d] * info->shape[d];
        idx[d] = 0;
      }
    }
  }
  if (info->swap)
    for (int64_t i = 0; i < info->size; i++) {
      uint8_t *p = dst + (size_t)i * isz;
      for (size_t a = 0, b = isz - 1; a < b; a++, b--) {
        uint8_t c = p[a];
        p[a] = p[b];
        p[b] = c;
      }
    }
}

/* The ndarray of a parsed .npy image (cannot fail). */
static Tensor *npy_tensor(Interp *I, const uint8_t *buf, const NpyInfo *info) {
  Tensor *t = tensor_new(I, info->dt, info->ndim, info->shape, TF_NP);
  npy_copy(t->data, buf, info);
  return t;
}

/* ---- files ------------------------------------------------------------------- */

static bool slurp_file(const char *path, uint8_t **out, size_t *n, Err *e) {
  FILE *f = fopen(path, "rb");
  if (!f) return fail_errno(e, errno, path);
  size_t cap = 1 << 16, len = 0;
  uint8_t *b = malloc(cap);
  for (;;) {
    if (!b) {
      fclose(f);
      return fail(e, EXC_MemoryError, "np.load: out of memory reading '%s'", path);
    }
    size_t got = fread(b + len, 1, cap - len, f);
    len += got;
    if (len < cap) break;
    cap *= 2;
    uint8_t *nb = realloc(b, cap);
    if (!nb) free(b);
    b = nb;
  }
  bool err = ferror(f) != 0;
  int en = errno;
  fclose(f);
  if (err) {
    free(b);
    return fail(e, EXC_OSError, "[Errno %d] %s: '%s'", en, strerror(en), path);
  }
  *out = b;
  *n = len;
  return true;
}

/* Writes buf to path, all or nothing (serial/atomic_out.h). */
static bool write_atomic(const char *path, const uint8_t *buf, size_t n, Err *e) {
  char msg[512];
  if (aout_write_file(path, buf, n, msg, sizeof msg)) return true;
  int en = errno;
  if (en == EPERM) return fail(e, EXC_OSError, "[Errno %d] %s", en, msg);
  return fail_errno(e, en, path);
}

static const char *path_arg(Interp *I, Value v, const char *fname) {
  if (!v_is(v, OBJ_STR))
    rt_raise(I, EXC_TypeError, "%s: expected a file name (str), not %s (msc has no file objects)", fname,
             rt_type_name(I, v));
  return AS_STR(v)->data;
}

static Tensor *tensor_arg(Interp *I, Value v, const char *fname) {
  if (!v_is(v, OBJ_TENSOR)) rt_raise(I, EXC_TypeError, "%s: expected an array, not %s", fname, rt_type_name(I, v));
  Tensor *t = AS_TENSOR(v);
  tensor_need_data(I, t, fname);
  return t;
}

/* ---- .npy writing ---------------------------------------------------------------- */

/* The .npy image of t into b (numpy 1.24's _write_array_header + data). */
static void npy_image(const Tensor *t, Buf *b) {
  char descr[8];
  descr_of(t->dtype, descr);
  Buf h = {0};
  buf_printf(&h, "{'descr': '%s', 'fortran_order': False, 'shape': (", descr);
  for (int i = 0; i < t->ndim; i++) buf_printf(&h, i ? ", %lld" : "%lld", (long long)t->shape[i]);
  buf_puts(&h, t->ndim == 1 ? ",), }" : "), }");
  if (t->ndim > 0) {
    /* GROWTH_AXIS_MAX_DIGITS = 21 spare spaces minus the digits of shape[0] */
    char d[32];
    int nd = snprintf(d, sizeof d, "%lld", (long long)t->shape[0]);
    for (int i = nd; i < 21; i++) buf_putc(&h, ' ');
  }
  size_t hlen = h.len + 1; /* + '\n' */
  int major = 1;
  size_t prefix = 10;
  if (hlen + 64 > 65535) {
    major = 2;
    prefix = 12;
  }
  size_t pad = 64 - (prefix + hlen) % 64;
  size_t total = hlen + pad;
  buf_append(b, "\x93NUMPY", 6);
  buf_putc(b, (char)major);
  buf_putc(b, 0);
  buf_putc(b, (char)(total & 0xff));
  buf_putc(b, (char)((total >> 8) & 0xff));
  if (major == 2) {
    buf_putc(b, (char)((total >> 16) & 0xff));
    buf_putc(b, (char)((total >> 24) & 0xff));
  }
  buf_append(b, h.data, h.len);
  for (size_t i = 0; i < pad; i++) buf_putc(b, ' ');
  buf_putc(b, '\n');
  free(h.data);
  size_t nbytes = (size_t)t->size * msrt_dtype_size(t->dtype);
  if (nbytes) buf_append(b, t->data, nbytes);
}

NATIVE(npyio_npy_save) {
  args_no_kw(I, "npy_save", kw);
  args_count(I, "npy_save", argc, 2, 2);
  const char *path = path_arg(I, argv[0], "save");
  Tensor *t = tensor_arg(I, argv[1], "save");
  Buf b = {0};
  npy_image(t, &b);
  Err e;
  bool ok = write_atomic(path, (const uint8_t *)b.data, b.len, &e);
  free(b.data);
  if (!ok) raise_err(I, &e);
  return v_none();
}

static Value npy_from_bytes(Interp *I, uint8_t *buf, size_t n) {
  Err e;
  NpyInfo info;
  if (!parse_npy(buf, n, false, &info, &e)) {
    free(buf);
    raise_err(I, &e);
  }
  /* making the array may still raise (MemoryError): the buffer goes first */
  Catch c;
  Tensor *volatile t = NULL;
  if (RT_TRY(I, &c)) {
    t = npy_tensor(I, buf, &info);
    rt_catch_pop(I, &c);
  }
  free(buf);
  if (!t) reraise_owned(I, CUR_EXC(I));
  return v_obj(&t->h);
}

NATIVE(npyio_npy_load) {
  args_no_kw(I, "npy_load", kw);
  args_count(I, "npy_load", argc, 1, 1);
  const char *path = path_arg(I, argv[0], "load");
  Err e;
  uint8_t *buf;
  size_t n;
  if (!slurp_file(path, &buf, &n, &e)) raise_err(I, &e);
  return npy_from_bytes(I, buf, n);
}

NATIVE(npyio_file_kind) {
  args_no_kw(I, "file_kind", kw);
  args_count(I, "file_kind", argc, 1, 1);
  const char *path = path_arg(I, argv[0], "load");
  FILE *f = fopen(path, "rb");
  Err e;
  if (!f) {
    fail_errno(&e, errno, path);
    raise_err(I, &e);
  }
  uint8_t m[6];
  size_t got = fread(m, 1, 6, f);
  fclose(f);
  const char *k = "other";
  if (got == 0) k = "empty";
  else if (got >= 4 && (memcmp(m, "PK\x03\x04", 4) == 0 || memcmp(m, "PK\x05\x06", 4) == 0)) k = "zip";
  else if (got == 6 && memcmp(m, "\x93NUMPY", 6) == 0) k = "npy";
  return v_obj(&str_from_c(I, k)->h);
}

/* ---- .npz (zip) ---------------------------------------------------------------- */

static uint32_t rd16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const uint8_t *p) { return rd16(p) | rd16(p + 2) << 16; }
static uint64_t rd64(const uint8_t *p) { return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32; }

typedef struct {
  char name[256];
  uint8_t *data; /* the member's .npy image (malloc'd) */
  size_t len;
} Member;

static void free_members(Member *m, int n) {
  for (int i = 0; i < n; i++) free(m[i].data);
  free(m);
}

/* Inflates raw deflate data src[0..sn) into exactly un bytes. */
static bool inflate_raw(const uint8_t *src, size_t sn, uint8_t *dst, size_t un, const char *name, Err *e) {
  z_stream zs;
  memset(&zs, 0, sizeof zs);
  if (inflateInit2(&zs, -MAX_WBITS) != Z_OK) return fail(e, EXC_ValueError, "zlib: inflateInit2 failed");
  int rc = Z_OK;
  size_t in_done = 0, out_done = 0;
  while (rc == Z_OK) {
    size_t ic = sn - in_done, oc = un - out_done;
    zs.next_in = (Bytef *)(uintptr_t)(src + in_done);
    zs.avail_in = (uInt)(ic > 0x40000000u ? 0x40000000u : ic);
    zs.next_out = dst + out_done;
    zs.avail_out = (uInt)(oc > 0x40000000u ? 0x40000000u : oc);
    uInt ai = zs.avail_in, ao = zs.avail_out;
    rc = inflate(&zs, Z_NO_FLUSH);
    in_done += ai - zs.avail_in;
    out_done += ao - zs.avail_out;
    if (rc == Z_OK && ai == zs.avail_in && ao == zs.avail_out) rc = Z_BUF_ERROR;
  }
  inflateEnd(&zs);
  if (rc != Z_STREAM_END || out_done != un)
    return fail(e, EXC_ValueError, "Error -3 while decompressing data: invalid deflate data in '%s'", name);
  return true;
}

static bool bad_zip(Err *e, const char *path, const char *what) {
  return fail(e, EXC_ValueError, "File is not a zip file: '%s' (%s)", path, what);
}

/* Reads every member of the zip image buf[0..n). */
static bool parse_zip(const uint8_t *buf, size_t n, const char *path, Member **out, int *nout, Err *e) {
  /* End of central directory record: the last "PK\5\6" with a consistent
   * comment length, in the last 22 + 65535 bytes. */
  if (n < 22) return bad_zip(e, path, "too short");
  size_t lo = n > 22 + 65535 ? n - 22 - 65535 : 0, eocd = (size_t)-1;
  for (size_t p = n - 22 + 1; p-- > lo;)
    if (rd32(buf + p) == 0x06054b50u && p + 22 + rd16(buf + p + 20) == n) {
      eocd = p;
      break;
    }
  if (eocd == (size_t)-1) return bad_zip(e, path, "no end of central directory");
  uint64_t count = rd16(buf + eocd + 10), cd_size = rd32(buf + eocd + 12), cd_off = rd32(buf + eocd + 16);
  if (count == 0xffff || cd_size == 0xffffffffu || cd_off == 0xffffffffu) {
    /* zip64: locator just before the EOCD */
    if (eocd < 20 || rd32(buf + eocd - 20) != 0x07064b50u) return bad_zip(e, path, "bad zip64 locator");
    uint64_t z = rd64(buf + eocd - 20 + 8);
    if (n < 56 || z > n - 56 || rd32(buf + z) != 0x06064b50u) return bad_zip(e, path, "bad zip64 end record");
    count = rd64(buf + z + 32);
    cd_size = rd64(buf + z + 40);
    cd_off = rd64(buf + z + 48);
  }
  if (cd_off > n || cd_size > n - cd_off || count > cd_size / 46 + 1) return bad_zip(e, path, "bad central directory");
  Member *m = calloc(count ? count : 1, sizeof *m);
  if (!m) return fail(e, EXC_MemoryError, "out of memory");
  size_t p = cd_off;
  int k = 0;
  for (uint64_t i = 0; i < count; i++) {
    if (p + 46 > n || rd32(buf + p) != 0x02014b50u) {
      bool r_ = bad_zip(e, path, "bad central directory entry");
      free_members(m, k);
      return r_;
    }
    uint32_t flags = rd16(buf + p + 8), method = rd16(buf + p + 10), crc = rd32(buf + p + 16);
    uint64_t csize = rd32(buf + p + 20), usize = rd32(buf + p + 24), loff = rd32(buf + p + 42);
    size_t nlen = rd16(buf + p + 28), xlen = rd16(buf + p + 30), clen = rd16(buf + p + 32);
    if (p + 46 + nlen + xlen + clen > n) {
      bool r_ = bad_zip(e, path, "truncated central directory");
      free_members(m, k);
      return r_;
    }
    const uint8_t *x = buf + p + 46 + nlen, *xe = x + xlen;
    while (x + 4 <= xe) { /* zip64 extended information */
      uint32_t id = rd16(x), sz = rd16(x + 2);
      const uint8_t *q = x + 4, *qe = x + 4 + sz;
      if (qe > xe) break;
      if (id == 1) {
        if (usize == 0xffffffffu && q + 8 <= qe) usize = rd64(q), q += 8;
        if (csize == 0xffffffffu && q + 8 <= qe) csize = rd64(q), q += 8;
        if (loff == 0xffffffffu && q + 8 <= qe) loff = rd64(q);
      }
      x = qe;
    }
    Member *mm = &m[k];
    size_t cn = nlen < sizeof mm->name - 1 ? nlen : sizeof mm->name - 1;
    memcpy(mm->name, buf + p + 46, cn);
    mm->name[cn] = 0;
    p += 46 + nlen + xlen + clen;
    if (flags & 1) {
      bool r_ = fail(e, EXC_ValueError, "msc: np.load: encrypted zip member '%s' is not supported", mm->name);
      free_members(m, k);
      return r_;
    }
    if (loff > n || n - loff < 30 || rd32(buf + loff) != 0x04034b50u) {
      bool r_ = bad_zip(e, path, "bad local file header");
      free_members(m, k);
      return r_;
    }
    uint64_t doff = loff + 30 + rd16(buf + loff + 26) + rd16(buf + loff + 28);
    if (doff > n || csize > n - doff) {
      bool r_ = fail(e, EXC_ValueError, "EOF: zip member '%s' of '%s' is truncated", mm->name, path);
      free_members(m, k);
      return r_;
    }
    if (method != 0 && method != 8) {
      bool r_ = fail(e, EXC_ValueError, "msc: np.load: zip compression method %u of member '%s' is not supported "
                                     "(only stored and deflated)", method, mm->name);
      free_members(m, k);
      return r_;
    }
    if (method == 0 && csize != usize) {
      bool r_ = bad_zip(e, path, "stored member with different sizes");
      free_members(m, k);
      return r_;
    }
    /* allocate no more than the member can hold: deflate expands at most
     * 1032:1 (zlib's bound), a stored member is its own size (checked
     * against the file above) */
    if (method == 8 && usize / 1032 > csize + 1) {
      bool r_ = bad_zip(e, path, "a member's declared size does not match its data");
      free_members(m, k);
      return r_;
    }
    if (usize > (uint64_t)limit_get(LIM_TENSOR_BYTES) + 65536 + 64) { /* an array and its header */
      bool r_ = fail(e, EXC_MemoryError, "np.load: member '%s' of '%s' is %llu bytes, larger than an array "
                     "may be (raise the limit with --limit=tensor-bytes=N)", mm->name, path,
                     (unsigned long long)usize);
      free_members(m, k);
      return r_;
    }
    mm->data = malloc(usize ? (size_t)usize : 1);
    if (!mm->data) {
      bool r_ = fail(e, EXC_MemoryError, "out of memory");
      free_members(m, k);
      return r_;
    }
    mm->len = (size_t)usize;
    k++;
    if (method == 0) {
      if (usize) memcpy(mm->data, buf + doff, (size_t)usize);
    } else if (!inflate_raw(buf + doff, (size_t)csize, mm->data, (size_t)usize, mm->name, e)) {
      bool r_ = false;
      free_members(m, k);
      return r_;
    }
    uLong c = crc32(0L, Z_NULL, 0);
    size_t done = 0;
    while (done < mm->len) {
      size_t chunk = mm->len - done > 0x40000000u ? 0x40000000u : mm->len - done;
      c = crc32(c, mm->data + done, (uInt)chunk);
      done += chunk;
    }
    if ((uint32_t)c != crc) {
      bool r_ = fail(e, EXC_ValueError, "Bad CRC-32 for file '%s'", mm->name);
      free_members(m, k);
      return r_;
    }
  }
  *out = m;
  *nout = k;
  return true;
}

/* The (name, ndarray) list of parsed members; frees m and info, also when
 * making an array raises (MemoryError). */
static List *npz_list(Interp *I, Member *m, int nm, NpyInfo *info) {
  List *l = list_new(I, nm);
  for (int i = 0; i < nm; i++) {
    Tensor *t = npy_tensor(I, m[i].data, &info[i]);
    Str *s = str_from_c(I, m[i].name);
    Value pair = tuple_pack(I, 2, v_obj(&s->h), v_obj(&t->h));
    list_append(I, l, pair);
    v_decref(I, pair);
    obj_decref(I, &s->h);
    obj_decref(I, &t->h);
  }
  return l;
}

static Value npz_values(Interp *I, Member *m, int nm, NpyInfo *info) {
  Catch c;
  List *volatile l = NULL;
  if (RT_TRY(I, &c)) {
    l = npz_list(I, m, nm, info);
    rt_catch_pop(I, &c);
  }
  free(info);
  free_members(m, nm);
  if (!l) reraise_owned(I, CUR_EXC(I));
  return v_obj(&l->h);
}

static Value npz_from_bytes(Interp *I, uint8_t *buf, size_t n, const char *path) {
  Err e;
  Member *m = NULL;
  int nm = 0;
  bool ok = parse_zip(buf, n, path, &m, &nm, &e);
  free(buf);
  if (!ok) raise_err(I, &e);
  /* parse every member before creating any object */
  NpyInfo *info = calloc((size_t)nm + 1, sizeof *info);
  if (!info) {
    free_members(m, nm);
    rt_raise(I, EXC_MemoryError, "out of memory");
  }
  for (int i = 0; i < nm; i++) {
    size_t nl = strlen(m[i].name);
    if (nl < 4 || strcmp(m[i].name + nl - 4, ".npy") != 0) {
      fail(&e, EXC_ValueError, "msc: np.load: member '%s' of '%s' is not a .npy file (msc reads only arrays)",
           m[i].name, path);
      ok = false;
    } else if (!parse_npy(m[i].data, m[i].len, true, &info[i], &e)) {
      ok = false;
    }
    if (!ok) {
      free(info);
      free_members(m, nm);
      raise_err(I, &e);
    }
  }
  /* making the arrays may still raise (MemoryError): the buffers go first */
  return npz_values(I, m, nm, info);
}

NATIVE(npyio_npz_load) {
  args_no_kw(I, "npz_load", kw);
  args_count(I, "npz_load", argc, 1, 1);
  const char *path = path_arg(I, argv[0], "load");
  Err e;
  uint8_t *buf;
  size_t n;
  if (!slurp_file(path, &buf, &n, &e)) raise_err(I, &e);
  return npz_from_bytes(I, buf, n, path);
}

Value npyio_load_bytes(Interp *I, uint8_t *buf, size_t n, bool zip, const char *path) {
  return zip ? npz_from_bytes(I, buf, n, path) : npy_from_bytes(I, buf, n);
}

static void put16(Buf *b, uint32_t v) {
  buf_putc(b, (char)(v & 0xff));
  buf_putc(b, (char)((v >> 8) & 0xff));
}

static void put32(Buf *b, uint32_t v) {
  put16(b, v & 0xffff);
  put16(b, v >> 16);
}

NATIVE(npyio_npz_save) {
  args_no_kw(I, "npz_save", kw);
  args_count(I, "npz_save", argc, 4, 4);
  const char *path = path_arg(I, argv[0], "savez");
  if (!v_is(argv[1], OBJ_LIST) || !v_is(argv[2], OBJ_LIST) || AS_LIST(argv[1])->len != AS_LIST(argv[2])->len)
    rt_raise(I, EXC_TypeError, "npz_save: names and arrays must be lists of one length");
  bool compress = rt_truthy(I, argv[3]);
  List *names = AS_LIST(argv[1]), *arrs = AS_LIST(argv[2]);
  int64_t n = names->len;
  for (int64_t i = 0; i < n; i++) {
    if (!v_is(names->items[i], OBJ_STR)) rt_raise(I, EXC_TypeError, "savez: array names must be str");
    if (AS_STR(names->items[i])->len > 65535) rt_raise(I, EXC_ValueError, "savez: array name too long");
    tensor_arg(I, arrs->items[i], "savez");
  }
  Buf z = {0}, cd = {0};
  Err e;
  bool ok = true;
  for (int64_t i = 0; i < n && ok; i++) {
    Str *name = AS_STR(names->items[i]);
    Buf img = {0};
    npy_image(AS_TENSOR(arrs->items[i]), &img);
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, (const Bytef *)img.data, (uInt)img.len);
    const uint8_t *payload = (const uint8_t *)img.data;
    size_t plen = img.len;
    uint8_t *cbuf = NULL;
    if (compress) {
      uLong bound = compressBound((uLong)img.len) + 64;
      cbuf = malloc(bound);
      z_stream zs;
      memset(&zs, 0, sizeof zs);
      if (!cbuf || deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        ok = fail(&e, EXC_MemoryError, "savez_compressed: zlib deflateInit2 failed");
      } else {
        zs.next_in = (Bytef *)img.data;
        zs.avail_in = (uInt)img.len;
        zs.next_out = cbuf;
        zs.avail_out = (uInt)bound;
        if (deflate(&zs, Z_FINISH) != Z_STREAM_END) ok = fail(&e, EXC_ValueError, "savez_compressed: deflate failed");
        plen = zs.total_out;
        deflateEnd(&zs);
        payload = cbuf;
      }
    }
    if (ok && (img.len > 0xfffffffeu || plen > 0xfffffffeu || z.len > 0xfffffffeu))
      ok = fail(&e, EXC_ValueError, "msc: savez: archives of 4 GiB or more are not supported");
    if (ok) {
      uint32_t off = (uint32_t)z.len, method = compress ? 8 : 0;
      /* local file header */
      put32(&z, 0x04034b50u);
      put16(&z, 20);
      put16(&z, 0);
      put16(&z, method);
      put16(&z, 0);    /* time 00:00:00 */
      put16(&z, 0x21); /* date 1980-01-01, as numpy's savez */
      put32(&z, (uint32_t)crc);
      put32(&z, (uint32_t)plen);
      put32(&z, (uint32_t)img.len);
      put16(&z, (uint32_t)name->len);
      put16(&z, 0);
      buf_append(&z, name->data, (size_t)name->len);
      buf_append(&z, (const char *)payload, plen);
      /* central directory entry */
      put32(&cd, 0x02014b50u);
      put16(&cd, 20);
      put16(&cd, 20);
      put16(&cd, 0);
      put16(&cd, method);
      put16(&cd, 0);
      put16(&cd, 0x21);
      put32(&cd, (uint32_t)crc);
      put32(&cd, (uint32_t)plen);
      put32(&cd, (uint32_t)img.len);
      put16(&cd, (uint32_t)name->len);
      put16(&cd, 0);
      put16(&cd, 0);
      put16(&cd, 0);
      put16(&cd, 0);
      put32(&cd, 0x01800000u); /* external attributes: -rw------- as Python's zipfile */
      put32(&cd, off);
      buf_append(&cd, name->data, (size_t)name->len);
    }
    free(cbuf);
    free(img.data);
  }
  if (ok && n > 0xfffe) ok = fail(&e, EXC_ValueError, "msc: savez: too many arrays");
  if (ok) {
    uint32_t cd_off = (uint32_t)z.len;
    buf_append(&z, cd.data ? cd.data : "", cd.len);
    put32(&z, 0x06054b50u);
    put16(&z, 0);
    put16(&z, 0);
    put16(&z, (uint32_t)n);
    put16(&z, (uint32_t)n);
    put32(&z, (uint32_t)cd.len);
    put32(&z, cd_off);
    put16(&z, 0);
    ok = write_atomic(path, (const uint8_t *)z.data, z.len, &e);
  }
  free(z.data);
  free(cd.data);
  if (!ok) raise_err(I, &e);
  return v_none();
}

/* ---- without an interpreter (npyio.h) ------------------------------------------ */

static bool read_one(NpyArray *a, const char *name, const uint8_t *img, size_t n, bool member, Err *e) {
  NpyInfo info;
  if (!parse_npy(img, n, member, &info, e)) return false;
  a->name = strdup(name);
  a->dt = info.dt;
  a->ndim = info.ndim;
  memcpy(a->shape, info.shape, sizeof a->shape);
  a->size = info.size;
  a->data = malloc(info.size ? (size_t)info.size * msrt_dtype_size(info.dt) : 1);
  if (!a->name || !a->data) return fail(e, EXC_MemoryError, "out of memory");
  npy_copy(a->data, img, &info);
  return true;
}

bool npyio_read_file(const char *path, NpyArray **out, int *nout, char *err, size_t errcap) {
  Err e;
  uint8_t *buf = NULL;
  size_t n = 0;
  *out = NULL;
  *nout = 0;
  bool ok = slurp_file(path, &buf, &n, &e);
  if (ok && n >= 4 && memcmp(buf, "PK\x03\x04", 4) == 0) {
    Member *m = NULL;
    int nm = 0;
    ok = parse_zip(buf, n, path, &m, &nm, &e);
    if (ok) {
      NpyArray *a = calloc((size_t)nm + 1, sizeof *a);
      int k = 0;
      if (!a) ok = fail(&e, EXC_MemoryError, "out of memory");
      for (int i = 0; i < nm && ok; i++) {
        size_t nl = strlen(m[i].name);
        if (nl < 4 || strcmp(m[i].name + nl - 4, ".npy") != 0) {
          ok = fail(&e, EXC_ValueError, "member '%s' is not a .npy file", m[i].name);
          break;
        }
        m[i].name[nl - 4] = 0;
        ok = read_one(&a[k], m[i].name, m[i].data, m[i].len, true, &e);
        k++;
      }
      free_members(m, nm);
      *out = a;
      *nout = k;
    }
  } else if (ok) {
    NpyArray *a = calloc(1, sizeof *a);
    *out = a;
    *nout = a ? 1 : 0;
    ok = a ? read_one(a, "", buf, n, false, &e) : fail(&e, EXC_MemoryError, "out of memory");
  }
  free(buf);
  if (!ok) {
    npyio_free(*out, *nout);
    *out = NULL;
    *nout = 0;
    snprintf(err, errcap, "%s", e.msg);
  }
  return ok;
}

void npyio_free(NpyArray *a, int n) {
  if (!a) return;
  for (int i = 0; i < n; i++) {
    free(a[i].name);
    free(a[i].data);
  }
  free(a);
}
