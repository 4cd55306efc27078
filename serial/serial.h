/* serial.h — MindSpore's own files: .ckpt checkpoints (serial/ckpt.c) and
 * .mindir models (serial/mindir_out.c writes, serial/mindir_in.c reads).
 *
 * Both formats are protobuf messages (serial/proto/, our own .proto copies
 * of MindSpore's schemas with the same field numbers); protobuf-c, generated
 * at build time, encodes and decodes them. Everything here works on bytes in
 * memory and returns errors as values (a one-line message saying what is
 * wrong; the caller adds the file's name), so a reader of outside data never
 * aborts, never leaves a partial result and can be fuzzed (fuzz/). Nothing
 * here includes an eval/ header: `msc compile model.mindir` uses the
 * importer without an interpreter.
 */
#ifndef MSC_SERIAL_H
#define MSC_SERIAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ir/ir.h"

/* ---- checkpoints ------------------------------------------------------------
 * A .ckpt file as MindSpore's serialization.py writes it (save_checkpoint,
 * _exec_save): for each parameter in order, its bytes cut into chunks of
 * CKPT_CHUNK bytes, each chunk one serialized Checkpoint message holding one
 * Value {tag = name, tensor = {dims, tensor_type, tensor_content}}; a string
 * (append_dict) is tensor_type "str", dims [0], content numpy's UCS-4 bytes of
 * np.array(s). With crc_check the file ends with "crc_num" and the CRC-32
 * (zlib's, chained over every message's bytes) as 10 big-endian bytes. */
#define CKPT_CHUNK ((size_t)512 * 1024 * 1024)

typedef struct CkptEntry {
  char *name;
  bool is_str;            /* a string value: text holds it (UTF-8) */
  char *text;
  msrt_dtype dt;          /* a tensor: dtype, shape, data */
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  uint8_t *data;          /* malloc'd (at least 1 byte) */
  size_t nbytes;
} CkptEntry;

typedef struct CkptFile {
  CkptEntry *v;
  int n;
  bool has_crc;           /* the file ends with a crc_num trailer */
} CkptFile;

/* Decodes a whole .ckpt image. crc_check: verify the trailer's CRC (a file
 * without one decodes, has_crc false). Chunks of one parameter (consecutive
 * values with the same tag) are joined as MindSpore's loader joins them;
 * dims [0] means a 0-d tensor, as there. Errors: empty or truncated data,
 * not a protobuf Checkpoint, an encrypted file, a CRC mismatch, an unknown
 * or unsupported tensor_type, a map parameter, chunks that disagree on
 * dtype/shape, data whose size is not the shape's, a name seen twice. */
bool ckpt_decode(const uint8_t *buf, size_t n, bool crc_check, CkptFile *out, char *err, size_t errcap);
void ckpt_file_free(CkptFile *f);

/* The .ckpt image of entries v[0..n) (the names must be unique), each cut
 * at `chunk` bytes (CKPT_CHUNK for files MindSpore would write; smaller in
 * tests); *out is malloc'd. False only for a dtype MindSpore cannot name. */
bool ckpt_encode(const CkptEntry *v, int n, bool crc, size_t chunk, uint8_t **out, size_t *outlen, char *err,
                 size_t errcap);

/* MindSpore's tensor_type string of dt ("Float32", "Int64", "Bool", ...). */
const char *ckpt_dtype_name(msrt_dtype dt);

/* ---- MindIR -------------------------------------------------------------------
 * Writing (mindir_out.c): the ModelProto of an entry graph as MindSpore 2.x
 * exports it: ir_version "0.1.1", producer "MindSpore", the graph named
 * `name`, its inputs as ValueInfoProto (dtype, shape), its Parameters as
 * initializers (TensorProto with raw_data) named "<graph>:<parameter>",
 * one NodeProto per primitive with op_type "REF::<Prim>:<k>" and a
 * PrimitiveProto (op_type the MindSpore primitive name, attributes in
 * MindSpore's names and layouts), constants as "Constant" nodes, the outputs
 * as ValueInfoProto. weights[i] is the data of the i-th Parameter of the
 * entry graph, in g->params order. The bytes depend only on the graph and
 * the weights (byte-identical across runs). */
typedef struct MindirWeights {
  int n;
  const void *const *data;   /* per is_parameter param of the entry graph */
} MindirWeights;

bool mindir_encode(IrModule *m, const char *name, const MindirWeights *w, uint8_t **out, size_t *outlen, char *err,
                   size_t errcap);

/* Reading (mindir_in.c): a ModelProto into a new module whose entry graph
 * takes the file's tensor inputs (in order) then its Parameters
 * (is_parameter, read with Load), computes every node and returns the
 * outputs (a MakeTuple when several). Parameter data is copied into
 * MindirModel.weights. input_shapes (may be NULL; ninput_shapes entries)
 * give inputs their shapes (needed where the file has -1 dims): each by
 * the input's name, or by position when its name is NULL. ninput_shapes
 * -1: dynamic dims are taken as 1 (a check of the rest of the file).
 * On error nothing is returned and err holds every problem found: all the
 * unknown primitives and attributes, one per line, with the node names. */
typedef struct MindirModel {
  IrModule *m;
  int nweight;
  char **weight_names;       /* the Parameters' names, in g->params order */
  void **weights;            /* their data (malloc'd) */
  char *graph_name;
  int ninput;
} MindirModel;

typedef struct MindirShape {
  const char *name;          /* the input's name, or NULL: the k-th input */
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
} MindirShape;

bool mindir_decode(const uint8_t *buf, size_t n, const MindirShape *const *input_shapes, int ninput_shapes,
                   MindirModel *out, char **err);
void mindir_model_free(MindirModel *mm);

/* Inlining (nn.GraphCell called inside a compiled graph): the file's nodes
 * are appended to graph g of module m (the capture's). Its inputs are the
 * values inputs[0..ninput) (their shapes fill the file's dynamic dims),
 * its weight named names[i] is the value params[i] (a Load of the cell's
 * Parameter, of the file's dtype and shape). On success outs[0..nout) are
 * the model's outputs (tuple: it returns a tuple). A model that assigns
 * its Parameters is refused. On error err lists the problems as
 * mindir_decode's; nodes appended before stay in g, unused. */
typedef struct MindirInline {
  IrModule *m;
  IrGraph *g;
  int ninput;
  IrNode *const *inputs;
  int nparam;
  const char *const *names;
  IrNode *const *params;
  IrNode *outs[64];
  int nout;
  bool tuple;
} MindirInline;

bool mindir_inline(const uint8_t *buf, size_t n, MindirInline *inl, char **err);

#endif
