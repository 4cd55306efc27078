/* fuzz/mir.c — libFuzzer target: `msc opt` in-process: the .mir parser
 * (ir/parse.c), the verifier, a pass pipeline and C generation (the
 * memory plan, codegen/emit.c), the IR printer and the Graphviz writer.
 * The input's length picks the level (-O0, -O1, -O2) and whether it is
 * compiled for msc compile (--aot), so that one corpus covers all. */
#include "fuzz.h"

#include "../codegen/codegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_setup();
  SrcFile *src = src_new("fuzz.mir", fuzz_text(data, size), size);
  IrModule *m = ir_parse(src);
  if (m) {
    CgCompileOptions co;
    cg_compile_options_init(&co);
    co.level = (int)(size % 3);
    co.aot = (size / 3) % 2 == 1;
    co.dump = fuzz_null;
    co.emit = true;
    co.passes.verify_each = true;
    CgResult r;
    char err[512];
    if (cg_compile(m, "fuzz_entry", &co, &r, err, sizeof err) == CG_OK) {
      ir_print(fuzz_null, m);
      ir_print_dot(fuzz_null, m);
    }
    cg_result_free(&r);
    ir_module_free(m);
  }
  src_free(src);
  diag_reset();
  return 0;
}
