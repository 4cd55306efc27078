/* fileio.c — the builtin open() for text and binary files, and the OSError
 * a failed file-system call raises (rt_raise_errno, also used by the os
 * module).
 *
 * A file object is an Instance of the internal class TextIOWrapper, or
 * BufferedReader / BufferedWriter in a binary mode ('rb', 'wb', 'ab',
 * 'xb'); name, mode, encoding (text only) and closed are plain attributes;
 * the state is a hidden List: [FILE* as int or None, the contents read
 * (str, or bytes in binary mode) or None, byte position, binary?]. A file
 * opened for reading is read whole at open() (text: UTF-8 with CPython's
 * UnicodeDecodeError, universal newlines: "\r\n" and "\r" read as "\n");
 * read/readline/readlines/iteration/seek/tell walk that. A file opened for
 * writing ('w', 'a', 'x') is a stdio FILE written as the script writes; it
 * is closed by close(), by `with`, when its last reference goes (value.c ->
 * gen_finalize -> file_finalize), or at exit (file_close_all).
 *
 * '+' (read and write) is refused with a clear error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "interp.h"

enum { FS_FILE, FS_TEXT, FS_POS, FS_BIN, FS_LEN };

/* ---- errors ------------------------------------------------------------ */

_Noreturn void rt_raise_errno(Interp *I, int err, const char *path) {
  ExcKind k = err == ENOENT ? EXC_FileNotFoundError
              : err == EEXIST ? EXC_FileExistsError
              : err == EISDIR ? EXC_IsADirectoryError
              : err == ENOTDIR ? EXC_NotADirectoryError
              : (err == EACCES || err == EPERM) ? EXC_PermissionError
                                                 : EXC_OSError;
  Str *msg = str_from_c(I, strerror(err));
  Value args[3] = {v_int(err), v_obj(&msg->h), v_none()};
  Str *p = path ? str_from_c(I, path) : NULL;
  if (p) args[2] = v_obj(&p->h);
  Value e = rt_call(I, v_obj(&I->exc[k]->h), p ? 3 : 2, args, NULL);
  obj_decref(I, &msg->h);
  if (p) obj_decref(I, &p->h);
  exc_raise_owned(I, e);
}

/* ---- the file object ---------------------------------------------------- */

static Str *s_state(Interp *I) {
  Eval *ev = EV(I);
  if (!ev->s_file_state) {
    ev->s_file_state = str_intern(I, "__msc_file__");
    ev_keep(I, &ev->s_file_state->h);
  }
  return ev->s_file_state;
}

static void set_attr(Interp *I, Instance *o, const char *name, Value v) {
  Str *k = str_intern(I, name);
  dict_set_str(I, o->dict, k, v);
  obj_decref(I, &k->h);
}

bool file_is_file_class(Interp *I, Class *c) {
  Eval *ev = EV(I);
  return c == ev->file_class || c == ev->bfile_class[0] || c == ev->bfile_class[1];
}

static List *state_of(Interp *I, Value self, const char *meth) {
  Value st = v_is(self, OBJ_INSTANCE) && file_is_file_class(I, AS_INST(self)->cls)
                 ? dict_get_str(I, AS_INST(self)->dict, s_state(I))
                 : v_undef();
  if (!v_is(st, OBJ_LIST)) rt_raise(I, EXC_TypeError, "descriptor '%s' requires a '_io.TextIOWrapper' object", meth);
  return AS_LIST(st);
}

static bool is_closed(Interp *I, Value self) {
  Str *k = str_intern(I, "closed");
  Value c = dict_get_str(I, AS_INST(self)->dict, k);
  obj_decref(I, &k->h);
  return c.tag == V_BOOL && c.as.b;
}

static List *open_state(Interp *I, Value self, const char *meth) {
  List *st = state_of(I, self, meth);
  if (is_closed(I, self)) rt_raise(I, EXC_ValueError, "I/O operation on closed file.");
  return st;
}

static void close_file(Interp *I, Value self) {
  List *st = state_of(I, self, "close");
  if (st->items[FS_FILE].tag == V_INT) {
    FILE *fp = (FILE *)(intptr_t)st->items[FS_FILE].as.i;
    st->items[FS_FILE] = v_none();
    Eval *ev = EV(I);
    for (int i = 0; i < ev->nfiles; i++)
      if (ev->files[i] == fp) ev->files[i] = ev->files[--ev->nfiles];
    int bad = ferror(fp);
    int rc = fclose(fp);
    set_attr(I, AS_INST(self), "closed", v_bool(true));
    if (bad || rc != 0) rt_raise_errno(I, errno ? errno : EIO, NULL);
  }
  set_attr(I, AS_INST(self), "closed", v_bool(true));
}

/* Reads a whole file for mode 'r': bytes in binary mode, else UTF-8
 * decoded (CPython's UnicodeDecodeError) with newlines translated. */
static Value read_whole(Interp *I, FILE *fp, const char *path, bool binary, bool universal) {
  Buf b = {0};
  char chunk[8192];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0) buf_append(&b, chunk, n);
  bool bad = ferror(fp);
  fclose(fp);
  if (bad) {
    buf_free(&b);
    rt_raise_errno(I, EIO, path);
  }
  Value raw = bytes_new(I, b.data ? b.data : "", b.len);
  buf_free(&b);
  if (binary) return raw;
  int64_t len;
  const char *d = bytes_ptr(raw, &len);
  Str *s = bytes_decode(I, d, len, 0, 0, "strict");
  v_decref(I, raw);
  if (!universal || !memchr(s->data, '\r', (size_t)s->len)) return v_obj(&s->h);
  Buf t = {0};
  for (int64_t i = 0; i < s->len; i++) {
    if (s->data[i] == '\r') {
      buf_putc(&t, '\n');
      if (i + 1 < s->len && s->data[i + 1] == '\n') i++;
    } else {
      buf_putc(&t, s->data[i]);
    }
  }
  obj_decref(I, &s->h);
  return v_obj(&str_from_buf(I, &t)->h);
}

static Value b_open(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"file", "mode", "buffering", "encoding", "errors", "newline", "closefd",
                                      "opener"};
  Value a[8];
  args_bind(I, "open", argc, argv, kw, 1, 8, names, a);
  Value fsp = v_undef();
  if (!v_is(a[0], OBJ_STR) && v_is(a[0], OBJ_INSTANCE)) { /* os.PathLike (pathlib.Path) */
    Str *k = str_intern(I, "__fspath__");
    Value m;
    if (rt_getattr_opt(I, a[0], k, &m)) {
      fsp = rt_call0(I, m);
      v_decref(I, m);
      if (v_is(fsp, OBJ_STR)) a[0] = fsp;
    }
    obj_decref(I, &k->h);
  }
  if (!v_is(a[0], OBJ_STR))
    rt_raise(I, EXC_TypeError, "expected str, bytes or os.PathLike object, not %s", rt_type_name(I, a[0]));
  const char *mode = "r";
  if (a[1].tag != V_UNDEF) {
    if (!v_is(a[1], OBJ_STR))
      rt_raise(I, EXC_TypeError, "open() argument 'mode' must be str, not %s", rt_type_name(I, a[1]));
    mode = AS_STR(a[1])->data;
  }
  char kind = 0;
  bool text = false, binary = false;
  for (const char *m = mode; *m; m++) {
    if (strchr("rwax", *m)) {
      if (kind) rt_raise(I, EXC_ValueError, "must have exactly one of create/read/write/append mode");
      kind = *m;
    } else if (*m == 't') {
      text = true;
    } else if (*m == 'b') {
      binary = true;
    } else if (*m == '+') {
      rt_raise(I, EXC_ValueError, "mode '%s': '+' (read and write) is not supported by msc", mode);
    } else {
      rt_raise(I, EXC_ValueError, "invalid mode: '%s'", mode);
    }
  }
  if (text && binary) rt_raise(I, EXC_ValueError, "can't have text and binary mode at once");
  if (!kind) rt_raise(I, EXC_ValueError, "Must have exactly one of create/read/write/append mode and at most one plus");
  if (binary && a[3].tag != V_UNDEF && a[3].tag != V_NONE)
    rt_raise(I, EXC_ValueError, "binary mode doesn't take an encoding argument");
  if (binary && a[4].tag != V_UNDEF && a[4].tag != V_NONE)
    rt_raise(I, EXC_ValueError, "binary mode doesn't take an errors argument");
  if (binary && a[5].tag != V_UNDEF && a[5].tag != V_NONE)
    rt_raise(I, EXC_ValueError, "binary mode doesn't take a newline argument");
  if (a[3].tag != V_UNDEF && a[3].tag != V_NONE) {
    const char *e = v_is(a[3], OBJ_STR) ? AS_STR(a[3])->data : "";
    if (strcasecmp(e, "utf-8") != 0 && strcasecmp(e, "utf8") != 0 && strcasecmp(e, "ascii") != 0)
      rt_raise(I, EXC_ValueError, "encoding '%s' is not supported by msc (only utf-8)", e);
  }
  bool universal = a[5].tag == V_UNDEF || a[5].tag == V_NONE;
  const char *path = AS_STR(a[0])->data;
  struct stat sb;
  if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) rt_raise_errno(I, EISDIR, path);
  const char *cm = kind == 'r' ? "r" : kind == 'w' ? "w" : kind == 'a' ? "a" : "wx";
  errno = 0;
  FILE *fp = fopen(path, cm);
  if (!fp) rt_raise_errno(I, errno ? errno : EIO, path);
  List *st = list_new(I, FS_LEN);
  for (int i = 0; i < FS_LEN; i++) list_append(I, st, v_none());
  st->items[FS_POS] = v_int(0);
  st->items[FS_BIN] = v_bool(binary);
  if (kind == 'r') {
    st->items[FS_TEXT] = read_whole(I, fp, path, binary, universal);
  } else {
    Eval *ev = EV(I);
    if (ev->nfiles == ev->capfiles) {
      ev->capfiles = ev->capfiles ? 2 * ev->capfiles : 8;
      ev->files = xrealloc(ev->files, sizeof(FILE *) * (size_t)ev->capfiles);
    }
    ev->files[ev->nfiles++] = fp;
    st->items[FS_FILE] = v_int((int64_t)(intptr_t)fp);
  }
  Instance *o = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  Class *cls = binary ? EV(I)->bfile_class[kind != 'r'] : EV(I)->file_class;
  obj_incref(&cls->h);
  o->cls = cls;
  o->dict = dict_new(I);
  dict_set_str(I, o->dict, s_state(I), v_obj(&st->h));
  obj_decref(I, &st->h);
  set_attr(I, o, "name", a[0]);
  Str *ms = str_from_c(I, mode), *enc = str_from_c(I, "UTF-8");
  set_attr(I, o, "mode", v_obj(&ms->h));
  if (!binary) set_attr(I, o, "encoding", v_obj(&enc->h));
  obj_decref(I, &ms->h);
  obj_decref(I, &enc->h);
  set_attr(I, o, "closed", v_bool(false));
  v_decref(I, fsp);
  return v_obj(&o->h);
}

/* The contents of a file opened for reading (a str, or bytes in binary
 * mode: the data and length in *d, *len), or "not readable". */
typedef struct Content {
  const char *d;
  int64_t len;
  bool binary;
} Content;

static Content readable(Interp *I, List *st) {
  Value t = st->items[FS_TEXT];
  Content c = {NULL, 0, false};
  if (v_is(t, OBJ_STR)) {
    c.d = AS_STR(t)->data;
    c.len = AS_STR(t)->len;
  } else if (is_bytes_like(t)) {
    c.d = bytes_ptr(t, &c.len);
    c.binary = true;
  } else {
    rt_raise(I, EXC_OSError, "not readable");
  }
  return c;
}

/* A str (or bytes) of c.d[pos..end). */
static Value piece(Interp *I, Content c, int64_t pos, int64_t end) {
  return c.binary ? bytes_new(I, c.d + pos, (size_t)(end - pos)) : v_obj(&str_new(I, c.d + pos, (size_t)(end - pos))->h);
}

/* Byte offset after n characters (bytes in binary mode) from byte offset pos. */
static int64_t advance_chars(Content c, int64_t pos, int64_t n) {
  if (c.binary) return n > c.len - pos ? c.len : pos + n;
  while (n-- > 0 && pos < c.len) pos += utf8_len1((unsigned char)c.d[pos]);
  return pos > c.len ? c.len : pos;
}

static int64_t size_arg(Interp *I, int argc, Value *argv) {
  if (argc < 2 || argv[1].tag == V_NONE) return -1;
  if (argv[1].tag != V_INT)
    rt_raise(I, EXC_TypeError, "argument should be integer or None, not '%s'", rt_type_name(I, argv[1]));
  return argv[1].as.i;
}

static Value f_read(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "read", kw);
  args_count(I, "read", argc, 1, 2);
  List *st = open_state(I, argv[0], "read");
  Content s = readable(I, st);
  int64_t pos = st->items[FS_POS].as.i, n = size_arg(I, argc, argv);
  if (pos > s.len) pos = s.len;
  int64_t end = n < 0 ? s.len : advance_chars(s, pos, n);
  st->items[FS_POS] = v_int(end);
  return piece(I, s, pos, end);
}

static Value readline_at(Interp *I, List *st, int64_t limit) {
  Content s = readable(I, st);
  int64_t pos = st->items[FS_POS].as.i, end;
  if (pos > s.len) pos = s.len;
  end = pos;
  while (end < s.len && s.d[end] != '\n') end++;
  if (end < s.len) end++;
  if (limit >= 0) {
    int64_t lim = advance_chars(s, pos, limit);
    if (lim < end) end = lim;
  }
  st->items[FS_POS] = v_int(end);
  return piece(I, s, pos, end);
}

static Value f_readline(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "readline", kw);
  args_count(I, "readline", argc, 1, 2);
  return readline_at(I, open_state(I, argv[0], "readline"), size_arg(I, argc, argv));
}

static Value f_readlines(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "readlines", kw);
  args_count(I, "readlines", argc, 1, 2);
  List *st = open_state(I, argv[0], "readlines");
  Content s = readable(I, st);
  List *out = list_new(I, 0);
  while (st->items[FS_POS].as.i < s.len) {
    Value line = readline_at(I, st, -1);
    list_append(I, out, line);
    v_decref(I, line);
  }
  return v_obj(&out->h);
}

static Value f_next(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__next__", kw);
  args_count(I, "__next__", argc, 1, 1);
  List *st = open_state(I, argv[0], "__next__");
  Content s = readable(I, st);
  if (st->items[FS_POS].as.i >= s.len) rt_raise_value(I, v_obj(&I->exc[EXC_StopIteration]->h));
  return readline_at(I, st, -1);
}

static Value f_iter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__iter__", kw);
  args_count(I, "__iter__", argc, 1, 1);
  open_state(I, argv[0], "__iter__");
  return v_incref(argv[0]);
}

static FILE *writable(Interp *I, List *st) {
  if (st->items[FS_FILE].tag != V_INT) rt_raise(I, EXC_OSError, "not writable");
  return (FILE *)(intptr_t)st->items[FS_FILE].as.i;
}

static Value f_write(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "write", kw);
  args_count(I, "write", argc, 2, 2);
  List *st = open_state(I, argv[0], "write");
  FILE *fp = writable(I, st);
  if (st->items[FS_BIN].as.b) {
    if (!is_bytes_like(argv[1]))
      rt_raise(I, EXC_TypeError, "a bytes-like object is required, not '%s'", rt_type_name(I, argv[1]));
    int64_t n;
    const char *p = bytes_ptr(argv[1], &n);
    if (fwrite(p, 1, (size_t)n, fp) != (size_t)n) rt_raise_errno(I, errno ? errno : EIO, NULL);
    return v_int(n);
  }
  if (!v_is(argv[1], OBJ_STR))
    rt_raise(I, EXC_TypeError, "write() argument must be str, not %s", rt_type_name(I, argv[1]));
  Str *s = AS_STR(argv[1]);
  if (fwrite(s->data, 1, (size_t)s->len, fp) != (size_t)s->len) rt_raise_errno(I, errno ? errno : EIO, NULL);
  return v_int(s->nchars);
}

static Value f_writelines(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "writelines", kw);
  args_count(I, "writelines", argc, 2, 2);
  Value it = rt_iter(I, argv[1]), x;
  while (rt_next(I, it, &x)) {
    Value args[2] = {argv[0], x};
    Value r = f_write(I, 2, args, NULL);
    v_decref(I, r);
    v_decref(I, x);
  }
  v_decref(I, it);
  return v_none();
}

static Value f_flush(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "flush", kw);
  args_count(I, "flush", argc, 1, 1);
  List *st = open_state(I, argv[0], "flush");
  if (st->items[FS_FILE].tag == V_INT) fflush((FILE *)(intptr_t)st->items[FS_FILE].as.i);
  return v_none();
}

/* tell(): the byte position (CPython's text-mode cookie is the byte
 * position too, for files read from the start). */
static Value f_tell(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "tell", kw);
  args_count(I, "tell", argc, 1, 1);
  List *st = open_state(I, argv[0], "tell");
  if (st->items[FS_FILE].tag == V_INT) return v_int((int64_t)ftell((FILE *)(intptr_t)st->items[FS_FILE].as.i));
  return v_int(st->items[FS_POS].as.i);
}

/* seek(offset, whence=0) on a file opened for reading or writing. */
static Value f_seek(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "seek", kw);
  args_count(I, "seek", argc, 2, 3);
  List *st = open_state(I, argv[0], "seek");
  int64_t off = val_index(I, argv[1]), whence = argc == 3 ? val_index(I, argv[2]) : 0;
  bool binary = st->items[FS_BIN].as.b;
  if (whence < 0 || whence > 2) rt_raise(I, EXC_ValueError, "invalid whence (%lld, should be 0, 1 or 2)", (long long)whence);
  if (!binary && whence != 0 && off != 0)
    rt_raise(I, EXC_OSError, whence == 1 ? "can't do nonzero cur-relative seeks" : "can't do nonzero end-relative seeks");
  if (whence == 0 && off < 0) rt_raise(I, EXC_ValueError, "negative seek position %lld", (long long)off);
  if (st->items[FS_FILE].tag == V_INT) {
    FILE *fp = (FILE *)(intptr_t)st->items[FS_FILE].as.i;
    if (fseek(fp, (long)off, whence == 0 ? SEEK_SET : whence == 1 ? SEEK_CUR : SEEK_END) != 0)
      rt_raise_errno(I, errno ? errno : EINVAL, NULL);
    return v_int((int64_t)ftell(fp));
  }
  Content s = readable(I, st);
  int64_t base = whence == 0 ? 0 : whence == 1 ? st->items[FS_POS].as.i : s.len, pos = base + off;
  if (pos < 0) rt_raise_errno(I, EINVAL, NULL);
  /* text: never inside a UTF-8 sequence (the str read from there must be valid) */
  while (!s.binary && pos < s.len && ((unsigned char)s.d[pos] & 0xC0) == 0x80) pos++;
  st->items[FS_POS] = v_int(pos);
  return v_int(pos);
}

static Value f_close(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "close", kw);
  args_count(I, "close", argc, 1, 1);
  close_file(I, argv[0]);
  return v_none();
}

static Value f_enter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__enter__", kw);
  args_count(I, "__enter__", argc, 1, 1);
  open_state(I, argv[0], "__enter__");
  return v_incref(argv[0]);
}

static Value f_exit(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)kw;
  if (argc < 1) rt_raise(I, EXC_TypeError, "__exit__ needs self");
  close_file(I, argv[0]);
  return v_none();
}

static Value f_repr(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__repr__", kw);
  args_count(I, "__repr__", argc, 1, 1);
  state_of(I, argv[0], "__repr__");
  Str *kn = str_intern(I, "name"), *km = str_intern(I, "mode");
  Value n = dict_get_str(I, AS_INST(argv[0])->dict, kn), m = dict_get_str(I, AS_INST(argv[0])->dict, km);
  obj_decref(I, &kn->h);
  obj_decref(I, &km->h);
  Str *nr = rt_repr(I, n), *mr = rt_repr(I, m);
  Class *c = AS_INST(argv[0])->cls;
  Str *r = c == EV(I)->file_class
               ? str_printf(I, "<_io.TextIOWrapper name=%s mode=%s encoding='UTF-8'>", nr->data, mr->data)
               : str_printf(I, "<_io.%s name=%s>", c->name->data, nr->data);
  obj_decref(I, &nr->h);
  obj_decref(I, &mr->h);
  return v_obj(&r->h);
}

void fileio_init(Interp *I) {
  Eval *ev = EV(I);
  Dict *d = dict_new(I);
  Str *modname = str_intern(I, "_io");
  dict_set_str(I, d, I->s.module, v_obj(&modname->h));
  obj_decref(I, &modname->h);
  static const struct {
    const char *name;
    NativeFn fn;
  } methods[] = {{"read", f_read},       {"readline", f_readline}, {"readlines", f_readlines},
                 {"__next__", f_next},   {"__iter__", f_iter},     {"write", f_write},
                 {"writelines", f_writelines}, {"flush", f_flush}, {"close", f_close},
                 {"__enter__", f_enter}, {"__exit__", f_exit},     {"__repr__", f_repr},
                 {"tell", f_tell},       {"seek", f_seek}};
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) dict_add_native(I, d, methods[i].name, methods[i].fn);
  static const char *const names[3] = {"TextIOWrapper", "BufferedReader", "BufferedWriter"};
  for (int k = 0; k < 3; k++) {
    Str *name = str_intern(I, names[k]);
    Tuple *bases = tuple_new(I, 1);
    bases->items[0] = v_incref(v_obj(&I->cls[CLS_OBJECT]->h));
    Dict *dk = dict_copy(I, d);
    Class *c = class_new(I, name, bases, dk);
    c->h.flags |= CF_NATIVE_METHODS | CF_FINALIZE;
    ev_keep(I, &c->h);
    if (k == 0) ev->file_class = c;
    else ev->bfile_class[k - 1] = c;
    obj_decref(I, &name->h);
    obj_decref(I, &bases->h);
    obj_decref(I, &dk->h);
  }
  obj_decref(I, &d->h);
  dict_add_native(I, I->builtins, "open", b_open);
}

/* A file object lost its last reference: close it (errors ignored). */
bool file_finalize(Interp *I, Obj *o) {
  Instance *in = (Instance *)o;
  Value st = in->dict ? dict_get_str(I, in->dict, s_state(I)) : v_undef();
  if (!v_is(st, OBJ_LIST) || AS_LIST(st)->items[FS_FILE].tag != V_INT) return true;
  FILE *fp = (FILE *)(intptr_t)AS_LIST(st)->items[FS_FILE].as.i;
  AS_LIST(st)->items[FS_FILE] = v_none();
  Eval *ev = EV(I);
  for (int i = 0; i < ev->nfiles; i++)
    if (ev->files[i] == fp) ev->files[i] = ev->files[--ev->nfiles];
  fclose(fp);
  return true;
}

/* At exit: files the script left open are flushed and closed. */
void file_close_all(Interp *I) {
  Eval *ev = EV(I);
  for (int i = 0; i < ev->nfiles; i++) fclose(ev->files[i]);
  ev->nfiles = 0;
  free(ev->files);
  ev->files = NULL;
}
