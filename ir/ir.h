/* ir.h — the graph IR: the one header of ir/ (as chibicc.h and QBE all.h).
 *
 * A module (IrModule) holds graphs; the first is the entry, the others are
 * the subgraphs of structured control flow. A graph (IrGraph) is a typed
 * SSA sequence: parameters, nodes in order, one returned value.
 *
 * Values are IrNodes of three kinds (MindSpore's ANF: Parameter, ValueNode,
 * CNode):
 *   IR_NK_PARAM  a graph input; in the entry graph a Parameter (named
 *                mutable state: weights) is a param with is_parameter set
 *                and a Ref type. Any graph may use the entry's Parameters;
 *                reads and writes go through Load/Assign, and their order
 *                is the node order (passes keep it);
 *   IR_NK_CONST  a constant (tensor or scalar), printed inline at each use;
 *   IR_NK_NODE   an operation: a primitive of ir/ops.def (op < OP_COUNT) or
 *                a structural op IR_* below. If/While name their subgraphs
 *                in sub[0], sub[1] (If: then, else; While: cond, body).
 *
 * Structural ops and their operands:
 *   MakeTuple(v...)            -> <Tuple[types of v]>
 *   TupleGetItem(t, I64(i))    -> type of element i
 *   Load(%paraN_w)             -> the Parameter's tensor type
 *   Assign(%paraN_w, v)        -> v's type (= the Parameter's tensor type)
 *   If(c, @then, @else, a...)  calls then(a...) or else(a...); c is a Bool
 *                              scalar (tensor or not); both return its type
 *   While(@cond, @body, s...)  while cond(s...): s = body(s...); cond
 *                              returns a Bool scalar; body returns s's type
 *                              (one state value) or a tuple of them
 *   Print(v...)                -> <None>: graph-mode print (SEMANTICS.md
 *                              §1.2), each operand on its own line: a
 *                              String constant verbatim, a tensor as
 *                              Tensor(shape=[..], dtype=.., value=..) (with
 *                              ", name=W" when it is Load(%paraN_W)); a side
 *                              effect, ordered like Load/Assign
 *   Fusion(@sub, a...)         a fused kernel (passes/fuse_*.c): calls
 *                              sub(a...) (sub[0]); sub's params take a's
 *                              types and it returns one tensor, the
 *                              node's type. The reference executor runs
 *                              sub as a graph; C generation emits it as one
 *                              loop nest (elementwise) or as a MatMul/Conv2D
 *                              with an epilogue (bias, activation)
 *   PyExecute(v...) {id, call} JIT Fallback (eval/graph.c): the interpreter
 *                              runs Python call `id` (`call` names it) on
 *                              the tensors v when the graph runs
 *                              (ir_exec_set_interpret; the JIT's
 *                              MscHost.interpret); -> a tensor of the
 *                              node's type. An effect; msc compile and
 *                              msc opt --emit-c refuse it
 *
 * Text form (print.c writes it, parse.c reads it back byte-identically;
 * SEMANTICS.md §9, seed 004):
 *
 *   # IR entry: @foo
 *   # Total subgraphs: 1
 *   # Total params: 2
 *   # Params:
 *   %para1_x: <Tensor[Int64], ()>
 *   %para2_y: <Tensor[Int64], ()>
 *
 *   # In file t.py:4:1
 *   subgraph @foo() {
 *     %0(CNode_0$z) = PrimFunc_Add(%para1_x, %para2_y)
 *         : (<Tensor[Int64], ()>, <Tensor[Int64], ()>) -> (<Tensor[Int64], ()>)
 *         # In file t.py:5:9
 *     Return(%0)
 *         : (<Tensor[Int64], ()>)
 *   }
 *
 * Values are renumbered densely when printed (%0.. per graph, %para1..
 * across the module); a node keeps its source name after '$'. Primitives
 * print as PrimFunc_<Name> (the parser also takes the bare <Name>);
 * attributes follow the operands: {keep_dims: Bool(0), axis: (1)}.
 * Types: <Tensor[Float32], (2, 3)>, <Ref[Tensor[Float32]], (2)>,
 * <Int64, NoShape>, <String, NoShape>, <None, NoShape>,
 * <Tuple[<T1>, <T2>]>. Constants: Tensor(shape=[2], dtype=Float32,
 * value=[1, 2.5]), I64(30), F32(0.5), Bool(1), "text", None.
 * Pass dumps are preceded by the banner `// -----// IR Dump After NAME //----- //`;
 * `//` lines and other `#` lines are comments.
 */
#ifndef MSC_IR_H
#define MSC_IR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../frontend/diag.h"
#include "../frontend/limits.h"
#include "../frontend/util.h"
#include "../runtime/msrt.h"
#include "ops.h"

typedef struct IrModule IrModule;
typedef struct IrGraph IrGraph;
typedef struct IrNode IrNode;
typedef struct IrType IrType;

/* Structural ops, numbered after the primitives of ops.def. */
typedef enum IrOp {
  IR_FIRST_STRUCT_ = OP_COUNT - 1,
#define OP(...)
#define SOP(name, en, nin, props) en,
#include "ops.def"
#undef SOP
#undef OP
  IR_NUM_OPS
} IrOp;

/* Name of op as printed ("PrimFunc_Add", "MakeTuple"). */
const char *ir_op_name(int op);
/* Op id of a printed name (with or without "PrimFunc_"), or -1. */
int ir_op_lookup(const char *name);

/* ---- types: immutable, arena-allocated, compared structurally --------- */
typedef enum IrTypeKind {
  IR_T_TENSOR, /* dtype + static shape */
  IR_T_REF,    /* a Parameter: a reference to mutable tensor state */
  IR_T_SCALAR, /* a Python-level number or bool (dtype, no shape) */
  IR_T_STRING,
  IR_T_NONE,
  IR_T_TUPLE,
} IrTypeKind;

struct IrType {
  IrTypeKind kind;
  msrt_dtype dt;                 /* TENSOR, REF, SCALAR */
  int ndim;                      /* TENSOR, REF */
  int64_t shape[MSRT_MAX_NDIM];
  int nelem;                     /* TUPLE */
  IrType **elem;
};

IrType *ir_type_tensor(IrModule *m, msrt_dtype dt, int ndim, const int64_t *shape);
IrType *ir_type_ref(IrModule *m, msrt_dtype dt, int ndim, const int64_t *shape);
IrType *ir_type_scalar(IrModule *m, msrt_dtype dt);
IrType *ir_type_string(IrModule *m);
IrType *ir_type_none(IrModule *m);
IrType *ir_type_tuple(IrModule *m, int n, IrType *const *elem);
/* The tensor type a Ref refers to (t itself for other kinds). */
IrType *ir_type_deref(IrModule *m, IrType *t);
bool ir_type_eq(const IrType *a, const IrType *b);
void ir_type_print(Buf *b, const IrType *t);

/* ---- locations ---------------------------------------------------------- */
/* A place in the user's script, kept on every node and printed as
 * "# In file t.py:16:12". mir is where the node was read from a .mir file
 * (file NULL when built by the API); diagnostics about the node use it. */
typedef struct IrLoc {
  const char *file; /* NULL: unknown */
  int line, col;
  Loc mir;
} IrLoc;

/* The script location of a frontend Loc (line and column from its map). */
IrLoc ir_loc(IrModule *m, Loc l);
IrLoc ir_loc_at(IrModule *m, const char *file, int line, int col);
extern const IrLoc ir_noloc;

/* ---- attributes (the non-tensor arguments of a primitive) -------------- */
typedef enum IrAttrKind { IR_A_INT, IR_A_FLOAT, IR_A_BOOL, IR_A_STR, IR_A_INTS, IR_A_DTYPE } IrAttrKind;

typedef struct IrAttr {
  const char *name;
  IrAttrKind kind;
  int64_t i;          /* INT, BOOL, DTYPE (an msrt_dtype) */
  double f;           /* FLOAT */
  const char *s;      /* STR */
  int n;              /* INTS */
  const int64_t *ints;
} IrAttr;

/* ---- constants ---------------------------------------------------------- */
typedef enum IrConstKind { IR_C_TENSOR, IR_C_SCALAR, IR_C_STR, IR_C_NONE } IrConstKind;

typedef struct IrConst {
  IrConstKind kind;
  int64_t i;          /* SCALAR of an integer or bool dtype */
  double f;           /* SCALAR of a float dtype */
  const char *s;      /* STR */
  const void *data;   /* TENSOR: contiguous elements of type->dt, */
  size_t nbytes;      /* FLOAT16 as binary16 bits */
} IrConst;

/* ---- nodes and graphs --------------------------------------------------- */
typedef enum IrNodeKind { IR_NK_PARAM, IR_NK_CONST, IR_NK_NODE } IrNodeKind;

struct IrNode {
  IrNodeKind kind;
  int op;             /* NODE: OpId or IrOp */
  IrType *type;       /* result type (a tuple type for several results) */
  int nin;
  IrNode **in;        /* operands */
  IrGraph *sub[2];    /* If: then, else; While: cond, body */
  int nattr;
  IrAttr *attrs;
  IrConst cst;        /* CONST */
  const char *name;   /* PARAM: its name; NODE: source variable, or NULL */
  bool is_parameter;  /* PARAM of the entry graph: named mutable state */
  IrLoc loc;
  IrGraph *owner;     /* PARAM, NODE */
  int id;             /* scratch: number while printing/verifying */
  bool dead;          /* NODE: marked for removal by ir_graph_compact */
};

struct IrGraph {
  const char *name;
  IrModule *mod;
  int nparam;
  IrNode **params;
  int nnode, capnode;
  IrNode **nodes;
  IrNode *ret;        /* the returned value */
  IrLoc loc, ret_loc;
  bool walk_mark;     /* scratch of ir_graphs_called; false outside it */
};

struct IrModule {
  Arena *arena;
  int ngraph, capgraph;
  IrGraph **graphs;   /* graphs[0] is the entry */
};

IrModule *ir_module_new(void);
void ir_module_free(IrModule *m);
IrGraph *ir_module_entry(const IrModule *m);
IrGraph *ir_module_find(const IrModule *m, const char *name);
/* Makes g the entry (moves it to graphs[0]). */
void ir_module_set_entry(IrModule *m, IrGraph *g);

/* A new graph; the module's first graph is its entry. */
IrGraph *ir_graph_new(IrModule *m, const char *name, IrLoc loc);
/* A graph input. */
IrNode *ir_param(IrGraph *g, const char *name, IrType *t);
/* A Parameter (mutable state) of the entry graph; t is its tensor type,
 * the value gets the matching Ref type. */
IrNode *ir_parameter(IrGraph *g, const char *name, IrType *t);

/* Appends a node: op (OpId or IrOp), nin operands, result type t. */
IrNode *ir_node(IrGraph *g, int op, int nin, IrNode *const *in, IrType *t, IrLoc loc);
IrNode *ir_node1(IrGraph *g, int op, IrNode *a, IrType *t, IrLoc loc);
IrNode *ir_node2(IrGraph *g, int op, IrNode *a, IrNode *b, IrType *t, IrLoc loc);
/* Structural ops; the result type is derived from the operands/subgraphs
 * when it can be (t may be NULL for MakeTuple, TupleGetItem, Load, Assign). */
IrNode *ir_make_tuple(IrGraph *g, int n, IrNode *const *v, IrLoc loc);
IrNode *ir_tuple_get(IrGraph *g, IrNode *t, int64_t i, IrLoc loc);
IrNode *ir_load(IrGraph *g, IrNode *parameter, IrLoc loc);
IrNode *ir_assign(IrGraph *g, IrNode *parameter, IrNode *v, IrLoc loc);
IrNode *ir_if(IrGraph *g, IrNode *cond, IrGraph *then_g, IrGraph *else_g, int nargs,
              IrNode *const *args, IrType *t, IrLoc loc);
IrNode *ir_while(IrGraph *g, IrGraph *cond_g, IrGraph *body_g, int nargs, IrNode *const *args,
                 IrType *t, IrLoc loc);
void ir_return(IrGraph *g, IrNode *v, IrLoc loc);
IrNode *ir_print_node(IrGraph *g, int n, IrNode *const *v, IrLoc loc);
void ir_node_set_name(IrNode *n, const char *name);
/* A Fusion node calling sub with operands a (see above); t is sub's
 * return type. */
IrNode *ir_fusion(IrGraph *g, IrGraph *sub, int nargs, IrNode *const *args, IrType *t, IrLoc loc);

/* ---- editing (for passes) ----------------------------------------------- */
/* Numbers g's params 0.. and nodes 0.. in their id fields. */
void ir_graph_number(IrGraph *g);
/* Every operand of g's nodes (and of the nodes of the graphs g's nodes
 * call, transitively) and g's return value that is `from` becomes `to`.
 * Returns the number of operands replaced. */
int ir_replace_uses(IrGraph *g, IrNode *from, IrNode *to);
/* g and every graph its nodes call, transitively, each once (g first), in
 * a new array the caller frees; *count its length. A worklist: no
 * recursion. */
IrGraph **ir_graphs_called(IrGraph *g, int *count);
/* Removes the nodes marked dead from g's node list (order kept). */
void ir_graph_compact(IrGraph *g);
/* Moves node n (already in g) to just before node `before` (also in g). */
void ir_graph_move_before(IrGraph *g, IrNode *n, IrNode *before);
/* use counts: cnt[n->id] for every node of g after ir_graph_number(g);
 * a use by g's return counts; malloc'd, g->nnode entries. */
int *ir_use_counts(IrGraph *g);
/* True for nodes that must stay and keep their order: Load, Assign,
 * Print, If/While/Fusion whose subgraphs hold one of those. */
bool ir_has_effect(const IrNode *n);

/* Attributes, appended in order (the order is printed). */
void ir_attr_int(IrNode *n, const char *name, int64_t v);
void ir_attr_float(IrNode *n, const char *name, double v);
void ir_attr_bool(IrNode *n, const char *name, bool v);
void ir_attr_str(IrNode *n, const char *name, const char *v);
void ir_attr_ints(IrNode *n, const char *name, int k, const int64_t *v);
void ir_attr_dtype(IrNode *n, const char *name, msrt_dtype dt);
const IrAttr *ir_attr_get(const IrNode *n, const char *name);

/* Constants (not in any graph's node list; printed inline). */
IrNode *ir_const_int(IrModule *m, msrt_dtype dt, int64_t v);   /* I64(v), I32(v)... */
IrNode *ir_const_float(IrModule *m, msrt_dtype dt, double v);  /* F32(v), F64(v) */
IrNode *ir_const_bool(IrModule *m, bool v);
IrNode *ir_const_str(IrModule *m, const char *s);
IrNode *ir_const_none(IrModule *m);
/* A tensor constant; data (contiguous, copied) holds the elements. */
IrNode *ir_const_tensor(IrModule *m, msrt_dtype dt, int ndim, const int64_t *shape,
                        const void *data);

/* ---- the calling convention of a compiled entry graph -----------------
 * Every backend (the reference executor ir/exec.c, JIT and AOT C from
 * codegen/) runs the entry graph with the same arguments, in this order:
 *   1. the entry graph's params, in order (inputs and Parameters as they
 *      appear in g->params; a Parameter passes its tensor's data);
 *   2. (C backends only) the tensor constants cg_emit chose to pass by
 *      pointer (CgResult.consts), in its order;
 *   3. the outputs, caller-allocated, one per ir_outputs() entry.
 * The returned value is flattened by ir_outputs: a MakeTuple return gives
 * its operands (each a tensor), any other tensor-typed return gives itself,
 * a None return gives nothing. */
int ir_outputs(IrGraph *g, IrNode ***outs); /* count; *outs points into g */

/* ---- attributes of primitives <-> the decoded Attrs of ops.h -----------
 * (ir/attrs.c) A staged primitive carries its decoded Attrs as IR
 * attributes named as in ops.def's attrs column: axis/perm (INT for a bare
 * int, INTS for a tuple), keep_dims, transpose_a, transpose_b (BOOL, only
 * when true), shape (INTS), dtype/output_type (DTYPE), value, start, limit,
 * delta, stop (INT when integral, else FLOAT), num (INT), begin/end/strides
 * (INTS, normalised: one entry per input dim, as slice.indices gives),
 * shrink_axis_mask (INT, when non-zero), new_axis (INTS, when any). */
void ir_attrs_encode(IrNode *n, const Attrs *a);
/* Inverse of ir_attrs_encode (attrs_init first; slice_normalised set). */
void ir_attrs_decode(const IrNode *n, Attrs *a);

/* ---- numbers (shared by print.c and parse.c) --------------------------- */
/* Shortest text that reads back (strtod) to the same value of dtype dt
 * (FLOAT16, FLOAT32 or FLOAT64): "1", "0.1", "-0", "inf", "nan". */
void ir_fmt_float(char *buf, size_t cap, double v, msrt_dtype dt);
float ir_half_to_float(uint16_t h);
uint16_t ir_float_to_half(float f); /* round to nearest even */
bool ir_dtype_is_float(msrt_dtype dt);
bool ir_dtype_is_complex(msrt_dtype dt); /* complex64, complex128 */
/* Element i of a tensor constant as int64/double (by its dtype). */
int64_t ir_elem_int(msrt_dtype dt, const void *data, size_t i);
double ir_elem_float(msrt_dtype dt, const void *data, size_t i);

/* ---- text form ---------------------------------------------------------- */
void ir_print(FILE *out, IrModule *m);
void ir_print_buf(Buf *b, IrModule *m);
char *ir_print_str(IrModule *m); /* malloc'd */
/* Graphviz picture of the module (ir/dot.c). */
void ir_print_dot(FILE *out, IrModule *m);
/* "// -----// IR Dump After NAME //----- //\n" */
void ir_print_banner(FILE *out, const char *when, const char *pass);

/* Parses the text of f (print.c's form). On error, emits one diagnostic at
 * f's line:col and returns NULL. The module keeps pointers into f (node
 * locations), so f must outlive it. */
IrModule *ir_parse(SrcFile *f);

/* ---- verifier ----------------------------------------------------------- */
/* Checks SSA form, operand counts (ops.def nin), attributes (ops.def
 * attrs), every primitive's result type against its infer rule
 * (ir/rules.c), Load/Assign on Parameters and If/While/Fusion subgraph
 * signatures. Emits one diagnostic at the first offending node (at its
 * .mir line with a caret when it was read from a .mir file) and returns
 * false. */
bool ir_verify(IrModule *m);


#endif
