/* test_ast.c — ast_clone (frontend/ast.c), which gives each interpreter of
 * a process its own copy of a lib/ module parsed once (eval/modules.c
 * lib_keep_parsed, used by the whole-pipeline fuzz target): the copy of
 * every embedded lib/ module dumps exactly as a fresh parse of it
 * (--dump-ast: every node, field and location), shares no node, node
 * vector, parameter or comprehension with the original, and a node reached
 * twice stays one node. */
#include <stdio.h>
#include <stdlib.h>

#include "eval/lib_embed.h"
#include "frontend/ast.h"
#include "tests/unit/unit.h"

static char *dump_of(const Node *n) {
  char *s = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&s, &len);
  ast_dump(n, f);
  fclose(f);
  return s;
}

/* Walked side by side: how many nodes, node vectors, parameter and
 * comprehension arrays of the copy b are the original a's own. */
static int shared(const Node *a, const Node *b, int depth) {
  if (!a || !b) return 0;
  if (a == b || depth > 10000) return 1;
  int s = 0;
  s += shared(a->a, b->a, depth + 1) + shared(a->b, b->b, depth + 1) + shared(a->c, b->c, depth + 1);
  const NodeVec *va[] = {&a->elts, &a->elts2, &a->body, &a->orelse, &a->decorators};
  const NodeVec *vb[] = {&b->elts, &b->elts2, &b->body, &b->orelse, &b->decorators};
  for (int v = 0; v < 5; v++) {
    if (va[v]->len && va[v]->items == vb[v]->items) s++;
    for (int i = 0; i < va[v]->len && i < vb[v]->len; i++) s += shared(va[v]->items[i], vb[v]->items[i], depth + 1);
  }
  if (a->nparams && a->params == b->params) s++;
  for (int i = 0; i < a->nparams; i++)
    s += shared(a->params[i].deflt, b->params[i].deflt, depth + 1);
  if (a->ncomps && a->comps == b->comps) s++;
  for (int i = 0; i < a->ncomps; i++)
    s += shared(a->comps[i].iter, b->comps[i].iter, depth + 1) + shared(a->comps[i].target, b->comps[i].target, depth + 1);
  return s;
}

TEST(clone_of_every_lib_module_dumps_as_its_parse) {
  ASSERT(msc_lib_nfiles > 50);
  int compared = 0;
  for (int i = 0; i < msc_lib_nfiles; i++) {
    char *text = malloc(msc_lib_files[i].len + 1);
    memcpy(text, msc_lib_files[i].text, msc_lib_files[i].len + 1);
    SrcFile *src = src_new(msc_lib_files[i].path, text, msc_lib_files[i].len);
    Arena *pa = arena_new(), *ca = arena_new();
    Node *tree = parse_file(src, pa);
    ASSERT(tree != NULL);
    if (!tree) continue;
    char *want = dump_of(tree);
    Node *copy = ast_clone(tree, ca);
    char *got = dump_of(copy);
    if (strcmp(want, got) != 0) UNIT_FAIL("%s: the copy dumps differently", msc_lib_files[i].path);
    if (shared(tree, copy, 0)) UNIT_FAIL("%s: the copy shares nodes with the original", msc_lib_files[i].path);
    free(want);
    free(got);
    compared++;
    arena_free(ca);
    arena_free(pa);
    src_free(src);
  }
  ASSERT_INT(msc_lib_nfiles, compared);
}

TEST(clone_keeps_a_node_reached_twice_one_node) {
  Arena *a = arena_new();
  Loc noloc = {0};
  Node *shared_leaf = ast_new(a, ND_NAME, noloc);
  shared_leaf->name = "x";
  Node *bin = ast_new(a, ND_BINOP, noloc);
  bin->a = shared_leaf;
  bin->b = shared_leaf;
  nodevec_push(a, &bin->elts, shared_leaf);
  Node *c = ast_clone(bin, a);
  ASSERT(c != bin);
  ASSERT(c->a != shared_leaf);
  ASSERT(c->a == c->b);
  ASSERT(c->elts.len == 1 && c->elts.items[0] == c->a);
  ASSERT_STR("x", c->a->name);
  ASSERT(ast_clone(NULL, a) == NULL);
  arena_free(a);
}

UNIT_MAIN()
