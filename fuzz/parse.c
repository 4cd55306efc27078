/* fuzz/parse.c — libFuzzer target: the lexer and parser of msc's Python
 * subset (frontend/) on any bytes, then the syntax tree's dump walker
 * (msc run --dump-ast). Every input must give a tree or diagnostics, never
 * a crash, a leak or a hang. */
#include "fuzz.h"

#include "../frontend/ast.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_setup();
  SrcFile *src = src_new("fuzz.py", fuzz_text(data, size), size);
  Arena *a = arena_new();
  Node *mod = parse_file(src, a);
  if (mod) ast_dump(mod, fuzz_null);
  arena_free(a);
  src_free(src);
  diag_reset();
  return 0;
}
