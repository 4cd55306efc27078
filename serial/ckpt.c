/* ckpt.c — MindSpore's .ckpt checkpoint files, read and written with
 * protobuf-c over serial/proto/checkpoint.proto (the layout and its sources
 * are in serial.h).
 *
 * Reading follows MindSpore's serialization.py (_parse_ckpt_proto,
 * _load_into_param_dict): an optional crc_num trailer is cut off (and
 * checked with crc_check), the rest parses as one Checkpoint message (the
 * file is a concatenation of them, which protobuf merges), consecutive
 * values with one tag are the chunks of one parameter. It is stricter where
 * MindSpore would go on with a wrong value: the data's size must be the
 * shape's, every chunk must agree on dtype and shape, a name may not come
 * back after another one.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "serial.h"
#include "serial/checkpoint.pb-c.h"

static bool fail(char *err, size_t cap, const char *fmt, ...) MSC_PRINTF(3, 4);
static bool fail(char *err, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, cap, fmt, ap);
  va_end(ap);
  return false;
}

/* MindSpore's str(dtype) of each msc dtype (serialization.py tensor_to_ms_type). */
const char *ckpt_dtype_name(msrt_dtype dt) { return msrt_dtype_name(dt); }

static int dtype_of_name(const char *s) {
  for (int d = 0; d < MSRT_NUM_DTYPES; d++)
    if (strcmp(s, msrt_dtype_name((msrt_dtype)d)) == 0) return d;
  return -1;
}

/* The magic numbers that open MindSpore's encrypted files (crypto.h:
 * AES-GCM, AES-CBC, SM4-CBC), stored in the machine's (little) byte order. */
static const char *cipher_mode(const uint8_t *buf, size_t n) {
  if (n < 4) return NULL;
  uint32_t m = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 | (uint32_t)buf[3] << 24;
  if (m == 0x7F3A5ED8u) return "AES-GCM";
  if (m == 0x7F3A5ED9u) return "AES-CBC";
  if (m == 0x7F3A5EDAu) return "SM4-CBC";
  return NULL;
}

void ckpt_file_free(CkptFile *f) {
  for (int i = 0; i < f->n; i++) {
    free(f->v[i].name);
    free(f->v[i].text);
    free(f->v[i].data);
  }
  free(f->v);
  memset(f, 0, sizeof *f);
}

/* UCS-4 little-endian (numpy's 'U' bytes, NULs at the end dropped) to UTF-8. */
static bool ucs4_to_utf8(const uint8_t *p, size_t n, Buf *b) {
  if (n % 4) return false;
  size_t len = n / 4;
  while (len && !(p[4 * len - 4] | p[4 * len - 3] | p[4 * len - 2] | p[4 * len - 1])) len--;
  for (size_t i = 0; i < len; i++) {
    uint32_t c = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
                 (uint32_t)p[4 * i + 3] << 24;
    if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return false;
    if (c < 0x80) buf_putc(b, (char)c);
    else if (c < 0x800) {
      buf_putc(b, (char)(0xC0 | c >> 6));
      buf_putc(b, (char)(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      buf_putc(b, (char)(0xE0 | c >> 12));
      buf_putc(b, (char)(0x80 | ((c >> 6) & 0x3F)));
      buf_putc(b, (char)(0x80 | (c & 0x3F)));
    } else {
      buf_putc(b, (char)(0xF0 | c >> 18));
      buf_putc(b, (char)(0x80 | ((c >> 12) & 0x3F)));
      buf_putc(b, (char)(0x80 | ((c >> 6) & 0x3F)));
      buf_putc(b, (char)(0x80 | (c & 0x3F)));
    }
  }
  return true;
}

/* UTF-8 to numpy's bytes of np.array(s): UCS-4 little-endian, at least one
 * (NUL) character for the empty string (dtype '<U1'). Invalid UTF-8 bytes
 * are taken as Latin-1. */
static void utf8_to_ucs4(const char *s, Buf *b) {
  const uint8_t *p = (const uint8_t *)s;
  size_t count = 0;
  while (*p) {
    uint32_t c = *p++;
    int more = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (more) {
      uint32_t v = c & (0x3Fu >> more);
      int k = 0;
      while (k < more && (p[k] & 0xC0) == 0x80) v = v << 6 | (p[k++] & 0x3F);
      if (k == more) {
        c = v;
        p += more;
      }
    }
    char q[4] = {(char)(c & 0xFF), (char)((c >> 8) & 0xFF), (char)((c >> 16) & 0xFF), (char)(c >> 24)};
    buf_append(b, q, 4);
    count++;
  }
  if (!count) buf_append(b, "\0\0\0\0", 4);
}

static bool shape_bytes(const CkptEntry *e, size_t *out) {
  size_t n = msrt_dtype_size(e->dt);
  for (int d = 0; d < e->ndim; d++) {
    if (e->shape[d] < 0) return false;
    if (e->shape[d] && n > SIZE_MAX / (size_t)e->shape[d]) return false;
    n *= (size_t)e->shape[d];
  }
  *out = n;
  return true;
}

static const char *shape_text(const CkptEntry *e, char *buf, size_t cap) {
  return shape_str(buf, cap, e->ndim, e->shape);
}

/* Value v of the parsed message into *e (a new entry) or appended to *e
 * (a further chunk of the same parameter). */
static bool take_value(const Checkpoint__Value *v, CkptEntry *e, bool first, Buf *strbuf, char *err, size_t cap) {
  if (v->value_case == CHECKPOINT__VALUE__VALUE_MAPTENSOR)
    return fail(err, cap, "parameter '%s' is a MapParameter, which msc does not support", v->tag);
  if (v->value_case != CHECKPOINT__VALUE__VALUE_TENSOR || !v->tensor)
    return fail(err, cap, "parameter '%s' has no tensor", v->tag);
  const TensorProto *t = v->tensor;
  const char *type = t->tensor_type;
  if (strcmp(type, "str") == 0) {
    if (!first && !e->is_str) return fail(err, cap, "the chunks of parameter '%s' disagree on its type", v->tag);
    e->is_str = true;
    buf_append(strbuf, (const char *)t->tensor_content.data, t->tensor_content.len);
    return true;
  }
  int dt = dtype_of_name(type);
  if (dt < 0) {
    if (strcmp(type, "BFloat16") == 0 || strcmp(type, "Int4") == 0)
      return fail(err, cap, "parameter '%s' has dtype %s, which msc does not support", v->tag, type);
    return fail(err, cap, "parameter '%s' has an unknown tensor_type '%.40s'", v->tag, type);
  }
  if (t->n_dims > MSRT_MAX_NDIM)
    return fail(err, cap, "parameter '%s' has %zu dims (msc supports at most %d)", v->tag, t->n_dims, MSRT_MAX_NDIM);
  CkptEntry c = {0};
  c.dt = (msrt_dtype)dt;
  c.ndim = (int)t->n_dims;
  for (size_t d = 0; d < t->n_dims; d++) {
    if (t->dims[d] < 0) return fail(err, cap, "parameter '%s' has a negative dim (%lld)", v->tag, (long long)t->dims[d]);
    c.shape[d] = t->dims[d];
  }
  if (c.ndim == 1 && c.shape[0] == 0) c.ndim = 0; /* dims [0]: MindSpore's 0-d */
  if (first) {
    e->dt = c.dt;
    e->ndim = c.ndim;
    memcpy(e->shape, c.shape, sizeof c.shape);
  } else if (e->is_str || e->dt != c.dt || e->ndim != c.ndim ||
             memcmp(e->shape, c.shape, sizeof(int64_t) * (size_t)c.ndim) != 0) {
    return fail(err, cap, "the chunks of parameter '%s' disagree on its dtype or shape", v->tag);
  }
  size_t len = t->tensor_content.len;
  uint8_t *nd = realloc(e->data, e->nbytes + len + 1);
  if (!nd) return fail(err, cap, "out of memory");
  e->data = nd;
  if (len) memcpy(e->data + e->nbytes, t->tensor_content.data, len);
  e->nbytes += len;
  return true;
}

static bool finish_entry(CkptEntry *e, Buf *strbuf, char *err, size_t cap) {
  if (e->is_str) {
    Buf u = {0};
    if (!ucs4_to_utf8((const uint8_t *)strbuf->data, strbuf->len, &u)) {
      buf_free(&u);
      return fail(err, cap, "the string value '%s' is not valid UCS-4 text", e->name);
    }
    e->text = u.data ? buf_detach(&u) : xstrdup("");
    e->data = NULL;
    return true;
  }
  size_t want;
  char sb[128];
  if (!shape_bytes(e, &want)) return fail(err, cap, "parameter '%s' has a shape too large for memory", e->name);
  if (want != e->nbytes)
    return fail(err, cap, "parameter '%s': shape %s of %s needs %zu bytes, the file holds %zu", e->name,
                shape_text(e, sb, sizeof sb), msrt_dtype_name(e->dt), want, e->nbytes);
  if (!e->data) e->data = xmalloc(1);
  return true;
}

bool ckpt_decode(const uint8_t *buf, size_t n, bool crc_check, CkptFile *out, char *err, size_t cap) {
  memset(out, 0, sizeof *out);
  if (n == 0) return fail(err, cap, "the file is empty");
  const char *mode = cipher_mode(buf, n);
  if (mode)
    return fail(err, cap,
                "the file is encrypted (%s); msc cannot decrypt checkpoints: save it again without enc_key", mode);
  size_t body = n;
  if (n >= 17 && memcmp(buf + n - 17, "crc_num", 7) == 0) {
    body = n - 17;
    out->has_crc = true;
    if (crc_check) {
      uint64_t want = 0;
      for (int i = 0; i < 10; i++) {
        if (want >> 56) return fail(err, cap, "the crc_num trailer is not a CRC-32 value");
        want = want << 8 | buf[n - 10 + (size_t)i];
      }
      uLong got = 0;
      for (size_t off = 0; off < body;) { /* zlib takes uInt lengths */
        size_t k = body - off > (1u << 30) ? (1u << 30) : body - off;
        got = crc32(got, buf + off, (uInt)k);
        off += k;
      }
      if ((uint64_t)got != want)
        return fail(err, cap, "the crc check failed (the file says %llu, its data gives %llu): the file is damaged",
                    (unsigned long long)want, (unsigned long long)got);
    }
  }
  if (body == 0) return fail(err, cap, "the file holds no parameters");
  Checkpoint *ck = checkpoint__unpack(NULL, body, buf);
  if (!ck)
    return fail(err, cap, "the file is not a MindSpore checkpoint, or it is truncated or corrupted (the protobuf "
                          "message cannot be parsed)");
  if (ck->n_value == 0) {
    checkpoint__free_unpacked(ck, NULL);
    return fail(err, cap, "the file holds no parameters");
  }
  out->v = xcalloc(ck->n_value, sizeof(CkptEntry));
  Buf strbuf = {0};
  bool ok = true;
  for (size_t i = 0; ok && i < ck->n_value; i++) {
    const Checkpoint__Value *v = ck->value[i];
    bool first = i == 0 || strcmp(ck->value[i - 1]->tag, v->tag) != 0;
    if (first) {
      for (int k = 0; k < out->n; k++)
        if (strcmp(out->v[k].name, v->tag) == 0) {
          ok = fail(err, cap, "the parameter name '%s' appears twice", v->tag);
          break;
        }
      if (!ok) break;
      out->v[out->n++].name = xstrdup(v->tag);
      strbuf.len = 0;
    }
    CkptEntry *e = &out->v[out->n - 1];
    ok = take_value(v, e, first, &strbuf, err, cap);
    bool last = i + 1 == ck->n_value || strcmp(ck->value[i + 1]->tag, v->tag) != 0;
    if (ok && last) ok = finish_entry(e, &strbuf, err, cap);
  }
  buf_free(&strbuf);
  checkpoint__free_unpacked(ck, NULL);
  if (!ok) ckpt_file_free(out);
  return ok;
}

/* ---- writing ---------------------------------------------------------------- */

static void put_message(Buf *b, const char *name, const int64_t *dims, size_t ndims, const char *type,
                        const uint8_t *data, size_t len, uLong *crc) {
  TensorProto t = TENSOR_PROTO__INIT;
  t.n_dims = ndims;
  t.dims = (int64_t *)dims;
  t.tensor_type = (char *)type;
  t.tensor_content.data = (uint8_t *)data;
  t.tensor_content.len = len;
  Checkpoint__Value v = CHECKPOINT__VALUE__INIT;
  v.tag = (char *)name;
  v.value_case = CHECKPOINT__VALUE__VALUE_TENSOR;
  v.tensor = &t;
  Checkpoint__Value *vp = &v;
  Checkpoint ck = CHECKPOINT__INIT;
  ck.n_value = 1;
  ck.value = &vp;
  size_t sz = checkpoint__get_packed_size(&ck);
  buf_reserve(b, sz + 1);
  uint8_t *dst = (uint8_t *)b->data + b->len;
  checkpoint__pack(&ck, dst);
  *crc = crc32(*crc, dst, (uInt)sz);
  b->len += sz;
}

bool ckpt_encode(const CkptEntry *v, int n, bool crc, size_t chunk, uint8_t **out, size_t *outlen, char *err,
                 size_t cap) {
  Buf b = {0};
  uLong c = 0;
  if (!chunk) chunk = CKPT_CHUNK;
  for (int i = 0; i < n; i++) {
    const CkptEntry *e = &v[i];
    if (e->is_str) {
      Buf u = {0};
      utf8_to_ucs4(e->text ? e->text : "", &u);
      int64_t zero = 0;
      put_message(&b, e->name, &zero, 1, "str", (const uint8_t *)u.data, u.len, &c);
      buf_free(&u);
      continue;
    }
    const char *type = ckpt_dtype_name(e->dt);
    if (!type || strcmp(type, "?") == 0) {
      buf_free(&b);
      return fail(err, cap, "parameter '%s' has a dtype MindSpore cannot save", e->name);
    }
    /* _write_parameter_bytes_data: one message per chunk; a tensor of no
     * bytes gets none (MindSpore's loop writes nothing for it) */
    for (size_t off = 0; off < e->nbytes; off += chunk) {
      size_t k = e->nbytes - off > chunk ? chunk : e->nbytes - off;
      put_message(&b, e->name, e->shape, (size_t)e->ndim, type, e->data + off, k, &c);
    }
  }
  if (crc) {
    buf_append(&b, "crc_num", 7);
    char be[10];
    uint64_t x = (uint64_t)c;
    for (int i = 9; i >= 0; i--) {
      be[i] = (char)(x & 0xFF);
      x >>= 8;
    }
    buf_append(&b, be, 10);
  }
  *outlen = b.len;
  *out = b.data ? (uint8_t *)b.data : xmalloc(1);
  return true;
}
