/* dsio.c — the file formats of mindspore.dataset's readers
 * (lib/mindspore/dataset/vision/transforms.py, readers.py).
 *
 * Decoders (pure C, no interpreter; fuzz/image.c calls them directly):
 *   dsio_decode_image(buf, n, &img, err)   JPEG (libjpeg-turbo) or PNG
 *       (libpng), told apart by their signatures, into an H x W x 3 RGB
 *       uint8 image, as MindSpore's vision.Decode gives it (OpenCV's
 *       IMREAD_COLOR, converted to RGB): grey is replicated to three
 *       channels, an alpha channel (or a tRNS chunk) is dropped, palettes are
 *       expanded, 16-bit samples keep their high byte (OpenCV's
 *       png_set_strip_16). JPEG uses libjpeg's defaults (islow DCT, fancy
 *       upsampling), which is what `djpeg` prints. A libjpeg warning (a
 *       truncated or corrupt stream, which libjpeg would otherwise pad with
 *       grey) is an error here, as is any libpng warning of a CRC or data
 *       error: a damaged image never yields pixels.
 *   dsio_parse_idx(buf, n, &arr, err)      an idx file (LeCun's MNIST format:
 *       magic 0x0000 TT DD, DD big-endian u32 sizes, then big-endian data
 *       of type TT: 08 u8, 09 i8, 0B i16, 0C i32, 0D f32, 0E f64).
 * Both refuse an image or array larger than the tensor-bytes limit
 * (frontend/limits.h) before allocating it.
 *
 * Natives (registered by mod_msc.c in `_msc`):
 *   _msc.ds_read_file(path)   -> 1-D uint8 ndarray of the file's bytes
 *       (ImageFolderDataset's "image" column before Decode; CIFAR's batches)
 *   _msc.ds_decode(arr)       -> H x W x 3 uint8 ndarray (vision.Decode)
 *   _msc.ds_idx(path)         -> ndarray (an idx file, or its gzip: zlib's
 *       gzread reads either)
 * Errors name the file (or "Decode") and say what is wrong, e.g.
 * "Decode: invalid JPEG data: Premature end of JPEG file".
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <png.h>
#include <zlib.h>

#include "../frontend/limits.h"
#include "dsio.h"
#include "tensor.h"
#include "valpriv.h"

#define NATIVE(fn) Value fn(Interp *I, int argc, Value *argv, KwArgs *kw)

static bool dfail(char *err, const char *fmt, ...) MSC_PRINTF(2, 3);
static bool dfail(char *err, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, DSIO_ERR_LEN, fmt, ap);
  va_end(ap);
  return false;
}

/* rows x cols x ch bytes within the tensor-bytes limit (no overflow). */
static bool size_ok(uint64_t rows, uint64_t cols, uint64_t ch, char *err) {
  uint64_t lim = (uint64_t)limit_get(LIM_TENSOR_BYTES);
  if (rows == 0 || cols == 0) return dfail(err, "image has no pixels (%llux%llu)", (unsigned long long)cols,
                                           (unsigned long long)rows);
  if (rows > lim / cols || rows * cols > lim / ch)
    return dfail(err, "image of %llux%llu pixels exceeds the tensor-bytes limit (%llu bytes)",
                 (unsigned long long)cols, (unsigned long long)rows, (unsigned long long)lim);
  return true;
}

/* ---- JPEG ------------------------------------------------------------------------- */

typedef struct {
  struct jpeg_error_mgr pub;
  jmp_buf jb;
  char *err;
} JErr;

static void jerr_exit(j_common_ptr c) {
  JErr *je = (JErr *)c->err;
  char m[JMSG_LENGTH_MAX];
  c->err->format_message(c, m);
  dfail(je->err, "invalid JPEG data: %s", m);
  longjmp(je->jb, 1);
}

/* A warning (msg_level -1: corrupt data, premature end) fails the decode. */
static void jerr_emit(j_common_ptr c, int level) {
  if (level < 0) jerr_exit(c);
}

static bool decode_jpeg(const uint8_t *buf, size_t n, DsioImage *img, char *err) {
  struct jpeg_decompress_struct cinfo;
  JErr je;
  uint8_t *volatile out = NULL;
  cinfo.err = jpeg_std_error(&je.pub);
  je.pub.error_exit = jerr_exit;
  je.pub.emit_message = jerr_emit;
  je.err = err;
  if (setjmp(je.jb)) {
    jpeg_destroy_decompress(&cinfo);
    free(out);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, buf, (unsigned long)n);
  jpeg_read_header(&cinfo, TRUE);
  cinfo.out_color_space = JCS_RGB;
  if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
    dfail(err, "invalid JPEG data: CMYK JPEG images are not supported");
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  if (!size_ok(cinfo.image_height, cinfo.image_width, 3, err)) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  jpeg_start_decompress(&cinfo);
  size_t stride = (size_t)cinfo.output_width * 3;
  out = malloc(stride * cinfo.output_height);
  if (!out) {
    jpeg_destroy_decompress(&cinfo);
    return dfail(err, "out of memory decoding a %ux%u JPEG image", cinfo.output_width, cinfo.output_height);
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = out + stride * cinfo.output_scanline;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  img->h = cinfo.output_height;
  img->w = cinfo.output_width;
  img->data = out;
  jpeg_destroy_decompress(&cinfo);
  return true;
}

/* ---- PNG -------------------------------------------------------------------------- */

typedef struct {
  const uint8_t *p;
  size_t n, pos;
  char *err;
  jmp_buf jb;
} PngSrc;

static void png_read_cb(png_structp png, png_bytep dst, size_t len) {
  PngSrc *s = png_get_io_ptr(png);
  if (len > s->n - s->pos) png_error(png, "Read Error: truncated PNG data");
  memcpy(dst, s->p + s->pos, len);
  s->pos += len;
}

static void png_err_cb(png_structp png, png_const_charp msg) {
  PngSrc *s = png_get_error_ptr(png);
  dfail(s->err, "invalid PNG data: %s", msg);
  png_longjmp(png, 1);
}

/* Any warning is a damaged file (CRC errors, bad chunks, extra data). */
static void png_warn_cb(png_structp png, png_const_charp msg) { png_err_cb(png, msg); }

static bool decode_png(const uint8_t *buf, size_t n, DsioImage *img, char *err) {
  PngSrc src;
  memset(&src, 0, sizeof src);
  src.p = buf;
  src.n = n;
  src.err = err;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &src, png_err_cb, png_warn_cb);
  if (!png) return dfail(err, "out of memory (libpng)");
  png_infop info = png_create_info_struct(png);
  uint8_t *volatile out = NULL;
  png_bytep *volatile rows = NULL;
  if (!info) {
    png_destroy_read_struct(&png, NULL, NULL);
    return dfail(err, "out of memory (libpng)");
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, NULL);
    free(out);
    free(rows);
    return false;
  }
  png_set_read_fn(png, &src, png_read_cb);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
  int depth = png_get_bit_depth(png, info), ct = png_get_color_type(png, info);
  if (!size_ok(h, w, 3, err)) png_longjmp(png, 1);
  /* OpenCV's PngDecoder::readData for IMREAD_COLOR, with RGB order */
  if (depth == 16) png_set_strip_16(png);
  png_set_strip_alpha(png);
  if (ct == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if ((ct & PNG_COLOR_MASK_COLOR) == 0 && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if ((ct & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 3) png_error(png, "unexpected row size after conversion");
  size_t stride = (size_t)w * 3;
  out = malloc(stride * h);
  rows = malloc(sizeof(png_bytep) * h);
  if (!out || !rows) png_error(png, "out of memory");
  for (png_uint_32 y = 0; y < h; y++) rows[y] = out + stride * y;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  img->h = h;
  img->w = w;
  img->data = out;
  return true;
}

bool dsio_decode_image(const uint8_t *buf, size_t n, DsioImage *img, char *err) {
  img->data = NULL;
  if (n >= 3 && buf[0] == 0xFF && buf[1] == 0xD8 && buf[2] == 0xFF) return decode_jpeg(buf, n, img, err);
  if (n >= 8 && png_sig_cmp(buf, 0, 8) == 0) return decode_png(buf, n, img, err);
  if (n == 0) return dfail(err, "the image is empty (0 bytes)");
  return dfail(err, "unsupported image format (neither JPEG nor PNG: the data starts with %02x %02x)", buf[0],
               n > 1 ? buf[1] : 0);
}

/* ---- idx -------------------------------------------------------------------------- */

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

bool dsio_parse_idx(const uint8_t *buf, size_t n, DsioArray *a, char *err) {
  static const struct {
    uint8_t code;
    int size;
    msrt_dtype dt;
  } types[] = {{0x08, 1, MSRT_UINT8}, {0x09, 1, MSRT_INT8},    {0x0B, 2, MSRT_INT16},
               {0x0C, 4, MSRT_INT32}, {0x0D, 4, MSRT_FLOAT32}, {0x0E, 8, MSRT_FLOAT64}};
  a->data = NULL;
  if (n < 4 || buf[0] != 0 || buf[1] != 0)
    return dfail(err, "not an idx file: bad magic number (expected 00 00 <type> <ndim>)");
  int t = -1;
  for (int i = 0; i < 6; i++)
    if (types[i].code == buf[2]) t = i;
  if (t < 0) return dfail(err, "not an idx file: unknown data type code 0x%02x", buf[2]);
  int nd = buf[3];
  if (nd < 1 || nd > MSRT_MAX_NDIM) return dfail(err, "idx file with %d dimensions (1..%d supported)", nd, MSRT_MAX_NDIM);
  if (n < 4 + 4 * (size_t)nd) return dfail(err, "truncated idx header (%zu bytes)", n);
  uint64_t count = 1, lim = (uint64_t)limit_get(LIM_TENSOR_BYTES);
  for (int i = 0; i < nd; i++) {
    a->shape[i] = be32(buf + 4 + 4 * i);
    if (a->shape[i] && count > lim / (uint64_t)a->shape[i])
      return dfail(err, "idx array exceeds the tensor-bytes limit (%llu bytes)", (unsigned long long)lim);
    count *= (uint64_t)a->shape[i];
  }
  size_t isz = (size_t)types[t].size, off = 4 + 4 * (size_t)nd;
  if (count * isz > lim) return dfail(err, "idx array exceeds the tensor-bytes limit (%llu bytes)", (unsigned long long)lim);
  if (n - off != count * isz)
    return dfail(err, "idx data size mismatch: the header says %llu bytes, the file has %zu",
                 (unsigned long long)(count * isz), n - off);
  a->ndim = nd;
  a->dtype = types[t].dt;
  a->data = malloc(count > 0 ? count * isz : 1);
  if (!a->data) return dfail(err, "out of memory");
  const uint8_t *s = buf + off;
  uint8_t *d = a->data;
  for (size_t i = 0; i < count; i++)
    for (size_t b = 0; b < isz; b++) d[i * isz + b] = s[i * isz + isz - 1 - b]; /* big -> little endian */
  return true;
}

/* ---- natives --------------------------------------------------------------------- */

static const char *path_of(Interp *I, Value v, const char *fname) {
  if (!v_is(v, OBJ_STR)) rt_raise(I, EXC_TypeError, "%s: expected a file name (str), not %s", fname, rt_type_name(I, v));
  return AS_STR(v)->data;
}

/* The whole file (gz: inflated through zlib, which reads plain files too). */
static bool read_all(const char *path, bool gz, uint8_t **out, size_t *n, int *en) {
  size_t cap = 1 << 16, len = 0;
  uint8_t *b = malloc(cap);
  gzFile g = NULL;
  FILE *f = NULL;
  if (gz) g = gzopen(path, "rb");
  else f = fopen(path, "rb");
  if (!b || (!g && !f)) {
    *en = b ? errno : ENOMEM;
    free(b);
    if (g) gzclose(g);
    if (f) fclose(f);
    return false;
  }
  for (;;) {
    int got = gz ? gzread(g, b + len, (unsigned)(cap - len)) : (int)fread(b + len, 1, cap - len, f);
    if (got < 0) {
      *en = EIO;
      break;
    }
    len += (size_t)got;
    if (len < cap) {
      *en = (!gz && ferror(f)) ? EIO : 0;
      break;
    }
    if (cap >= (size_t)limit_get(LIM_TENSOR_BYTES) + 1) {
      *en = EFBIG;
      break;
    }
    cap *= 2;
    uint8_t *nb = realloc(b, cap);
    if (!nb) {
      *en = ENOMEM;
      break;
    }
    b = nb;
  }
  if (gz) gzclose(g);
  else fclose(f);
  if (*en) {
    free(b);
    return false;
  }
  *out = b;
  *n = len;
  return true;
}

static Value ndarray_of(Interp *I, msrt_dtype dt, int nd, const int64_t *shape, const void *data) {
  Tensor *t = tensor_new(I, dt, nd, shape, TF_NP);
  size_t nb = (size_t)t->size * msrt_dtype_size(dt);
  if (nb) memcpy(t->data, data, nb);
  return v_obj(&t->h);
}

NATIVE(dsio_read_file) {
  args_no_kw(I, "ds_read_file", kw);
  args_count(I, "ds_read_file", argc, 1, 1);
  const char *path = path_of(I, argv[0], "ds_read_file");
  uint8_t *buf;
  size_t n;
  int en;
  if (!read_all(path, false, &buf, &n, &en)) rt_raise_errno(I, en, path);
  int64_t shape[1] = {(int64_t)n};
  Tensor *t = tensor_new(I, MSRT_UINT8, 1, shape, TF_NP);
  if (n) memcpy(t->data, buf, n);
  free(buf);
  return v_obj(&t->h);
}

NATIVE(dsio_decode) {
  args_no_kw(I, "Decode", kw);
  args_count(I, "Decode", argc, 1, 1);
  if (!v_is(argv[0], OBJ_TENSOR)) rt_raise(I, EXC_TypeError, "Decode: the input should be a numpy array of the "
                                                             "encoded image bytes, but got %s", rt_type_name(I, argv[0]));
  Tensor *t = AS_TENSOR(argv[0]);
  tensor_need_data(I, t, "Decode");
  if (t->dtype != MSRT_UINT8 || t->ndim != 1) {
    char dn[32]; /* numpy's spelling: uint8, float32 */
    snprintf(dn, sizeof dn, "%s", msrt_dtype_name(t->dtype));
    for (char *p = dn; *p; p++) *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    rt_raise(I, EXC_RuntimeError, "Decode: the input should be a 1-D uint8 array of encoded image bytes, but got a "
                                  "%d-D %s array (is the image decoded already?)", t->ndim, dn);
  }
  DsioImage img;
  char err[DSIO_ERR_LEN];
  if (!dsio_decode_image(t->data, (size_t)t->size, &img, err)) rt_raise(I, EXC_RuntimeError, "Decode: %s", err);
  int64_t shape[3] = {(int64_t)img.h, (int64_t)img.w, 3};
  Value v = ndarray_of(I, MSRT_UINT8, 3, shape, img.data);
  free(img.data);
  return v;
}

NATIVE(dsio_idx) {
  args_no_kw(I, "ds_idx", kw);
  args_count(I, "ds_idx", argc, 1, 1);
  const char *path = path_of(I, argv[0], "ds_idx");
  uint8_t *buf;
  size_t n;
  int en;
  if (!read_all(path, true, &buf, &n, &en)) {
    if (en == EFBIG) rt_raise(I, EXC_RuntimeError, "'%s': the file exceeds the tensor-bytes limit", path);
    if (en == EIO) rt_raise(I, EXC_RuntimeError, "'%s': read error (a corrupt gzip stream?)", path);
    rt_raise_errno(I, en, path);
  }
  DsioArray a;
  char err[DSIO_ERR_LEN];
  bool ok = dsio_parse_idx(buf, n, &a, err);
  free(buf);
  if (!ok) rt_raise(I, EXC_RuntimeError, "'%s': %s", path, err);
  int64_t shape[MSRT_MAX_NDIM];
  for (int i = 0; i < a.ndim; i++) shape[i] = a.shape[i];
  Value v = ndarray_of(I, a.dtype, a.ndim, shape, a.data);
  free(a.data);
  return v;
}
