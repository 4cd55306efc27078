/* optab.c — the op table (ir/ops.def) as data: op_info[], the structural
 * ops' props, and the small queries every stage asks instead of keeping a
 * switch of its own. */
#include <string.h>

#include "ir.h"

/* the props column's short names, for this expansion only */
#define EW OPP_EW
#define FUSE OPP_FUSE
#define ACT OPP_ACT
#define VIEW OPP_VIEW
#define INPL OPP_INPL
#define EFFECT OPP_EFFECT
#define CALL OPP_CALL
/* the grad column: kind, then the reason of NONE */
#define GK_RULE(fn) OPGRAD_RULE, NULL
#define GK_ZERO OPGRAD_ZERO, NULL
#define GK_NONE(why) OPGRAD_NONE, why

const OpInfo op_info[OP_COUNT] = {
#define OP(name_, nin_, group_, code_, props_, grad_, attrs_) \
  {#name_, nin_, OPG_##group_, code_, props_, GK_##grad_, attrs_},
#include "ops.def"
#undef OP
};

static const unsigned struct_props[IR_NUM_OPS - OP_COUNT] = {
#define OP(...)
#define SOP(name, en, nin, props) props,
#include "ops.def"
#undef SOP
#undef OP
};

int op_lookup(const char *name) {
  for (int i = 0; i < OP_COUNT; i++)
    if (strcmp(op_info[i].name, name) == 0) return i;
  return -1;
}

bool op_has(int op, unsigned p) {
  if (op >= 0 && op < OP_COUNT) return (op_info[op].props & p) != 0;
  if (op >= OP_COUNT && op < IR_NUM_OPS) return (struct_props[op - OP_COUNT] & p) != 0;
  return false;
}

bool op_group_elementwise(OpGroup g) {
  return g == OPG_BINARY || g == OPG_DIV || g == OPG_BITWISE || g == OPG_COMPARE || g == OPG_UNARY ||
         g == OPG_UNARY_F || g == OPG_UNARY_B;
}
