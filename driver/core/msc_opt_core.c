/* msc_opt_core.c — `msc opt` linked from the compiler's core alone: ir/,
 * passes/, codegen/, runtime/ and frontend's support code (util, diag),
 * without the interpreter (eval/) or the Python frontend. The Makefile
 * builds it with the rest of msc; that it links at all is the layering
 * check of DESIGN "one program map, no upward includes": nothing in those
 * folders may call into eval/. tests/ir/layering.mir runs it. */
#include "../../codegen/codegen.h"

int main(int argc, char **argv) { return cg_opt_main(argc, argv); }
