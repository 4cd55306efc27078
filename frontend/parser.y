/* parser.y — msc's grammar for the Python subset (pure bison parser).
 *
 * The grammar follows CPython 3.8's LL(1) Grammar/Grammar, which is also
 * LALR(1); targets (of =, for, del, comprehensions) are parsed as
 * expressions and checked by the builders in parse_util.c, as CPython's
 * invalid_* rules do. Every action only calls a builder; every rule has its
 * own action line, so gcov's line counts show which rules the tests reduce.
 *
 * Python that msc rejects (async/await, walrus, class
 * decorators, '/' parameters) is still parsed, so its error is one clear
 * message at the statement and the body is checked for further errors;
 * 'match' is recognised and skipped by the scanner (see pylex).
 *
 * Error handling: the custom reporter at the bottom turns bison's expected
 * token set into CPython's words ("expected ':'", "unexpected indent", ...).
 * Recovery is at statement level (stmt: error NEWLINE), up to
 * PARSE_MAX_ERRORS errors.
 *
 * Start symbols: the scanner emits START_FILE first for a file, START_EXPR
 * for the expression of an f-string replacement field.
 */
%require "3.8"
%define api.pure full
%define api.prefix {py}
%define api.token.prefix {TK_}
%define api.location.type {Loc}
%define parse.error custom
%define parse.lac full
%locations
%expect 0
%lex-param {yyscan_t scanner}
%parse-param {yyscan_t scanner} {LexState *S}

%code requires {
#include "frontend/ast.h"
#ifndef YY_TYPEDEF_YY_SCANNER_T
#define YY_TYPEDEF_YY_SCANNER_T
typedef void *yyscan_t;
#endif
typedef struct LexState LexState;
typedef struct Seq Seq;
typedef struct CompVec CompVec;
typedef struct ParamVec ParamVec;
typedef struct CmpChain CmpChain;
typedef struct AliasVec AliasVec;
typedef struct NameVec NameVec;
}

%code {
#include "frontend/parse.h"
#include "frontend/lexer.h"

#include <string.h>
#define YYMALLOC xmalloc
#define YYFREE free
#define YYLLOC_DEFAULT(Cur, Rhs, N)                                   \
  do {                                                                \
    if (N) {                                                          \
      (Cur).file = YYRHSLOC(Rhs, 1).file;                             \
      (Cur).beg = YYRHSLOC(Rhs, 1).beg;                               \
      (Cur).end = YYRHSLOC(Rhs, N).end;                               \
    } else {                                                          \
      (Cur).file = YYRHSLOC(Rhs, 0).file;                             \
      (Cur).beg = (Cur).end = YYRHSLOC(Rhs, 0).end;                   \
    }                                                                 \
  } while (0)
static void pyerror(Loc *loc, yyscan_t scanner, LexState *S, const char *msg);
#define A_ (S->P->arena)
}

%initial-action {
  @$ = lex_loc(S, S->off, S->off);
}

%union {
  Node *node;
  NodeVec vec;
  const char *str;
  int op;
  Seq *seq;
  CompVec *comps;
  Param *param;
  ParamVec *params;
  CmpChain *chain;
  AliasVec *aliases;
  NameVec *names;
}

%token <node> INT FLOAT STRING
%token <str> NAME
%token <op> AUGASSIGN
%token <op> NEWLINE  /* its value: offset of the first token of its line */
%token INDENT DEDENT LEXERROR START_FILE START_EXPR MATCH_STMT
%token FALSE NONE TRUE AND AS ASSERT ASYNC AWAIT BREAK CLASS CONTINUE DEF DEL
%token ELIF ELSE EXCEPT FINALLY FOR FROM GLOBAL IF IMPORT IN IS LAMBDA NONLOCAL
%token NOT OR PASS RAISE RETURN TRY WHILE WITH YIELD
%token EQ "==" NE "!=" LE "<=" GE ">=" LSHIFT "<<" RSHIFT ">>" DSTAR "**"
%token DSLASH "//" RARROW "->" COLONEQ ":=" ELLIPSIS "..."

/* A compound statement's header, NEWLINE, and then no INDENT is a missing
 * block: reported by the action, and a simple statement right there on the
 * next line is taken as the body (so a following else/elif still fits).
 * These precedences only decide that one shift/reduce choice, in favour of
 * the block: INDENT and every token that can start a simple statement. */
%precedence BLOCK_MISSING
%precedence INDENT NAME INT FLOAT STRING NONE TRUE FALSE ELLIPSIS LAMBDA NOT AWAIT YIELD
%precedence '(' '[' '{' '-' '+' '~' '*' DEL PASS BREAK CONTINUE RETURN RAISE GLOBAL
%precedence NONLOCAL IMPORT FROM ASSERT

%type <vec> stmts stmts1 stmt simple_stmt small_stmts block if_tail else_opt
%type <vec> assign_chain decorators
%type <node> small_stmt expr_stmt compound_stmt rhs del_stmt flow_stmt yield_expr
%type <node> import_stmt global_stmt assert_stmt if_stmt while_stmt for_stmt
%type <node> funcdef classdef decorated decorator ret_opt try_stmt with_stmt
%type <node> async_stmt with_item import_from_module dots fexpr except_clause
%type <node> test namedexpr or_test and_test not_test comparison expr xor_expr and_expr
%type <node> shift_expr arith_expr term factor power await_primary primary atom
%type <node> strings star_expr test_or_star nexpr_or_star expr_or_star
%type <node> testlist_star_expr exprlist lambdef subscriptlist subscript test_opt
%type <node> argument dict_entry import_targets
%type <seq> tse_list el_list testlist_comp tlc_list arglist_opt arglist sub_list
%type <seq> dictorsetmaker dict_list set_list class_args
%type <comps> comp_clauses
%type <op> comp_op unexpected_indent
%type <chain> comp_chain
%type <param> param tfpdef lparam
%type <params> params param_list lparams lparam_list
%type <str> dotted_name
%type <aliases> dotted_as_names import_as_names
%type <names> names
%type <vec> with_items except_list finally_opt

%%

start:
    START_FILE stmts                     { S->result = mk_module(S, $2, @2); }
  | START_EXPR fexpr                     { S->result = $2; }
  ;

fexpr:
    testlist_star_expr                   { $$ = check_value(S, $1); }
  | yield_expr                           { $$ = $1; }
  ;

/* ---- statements -------------------------------------------------------- */

stmts:
    %empty                               { $$ = (NodeVec){0}; }
  | stmts stmt                           { $$ = vec_concat(S, $1, $2); }
  ;

stmts1:
    stmt                                 { $$ = $1; }
  | stmts1 stmt                          { $$ = vec_concat(S, $1, $2); }
  ;

stmt:
    simple_stmt                          { $$ = stmt_done(S, $1); }
  | compound_stmt                        { $$ = stmt_done(S, vec_one(S, $1)); }
  | error NEWLINE                        { $$ = (NodeVec){0}; yyerrok; if (stmt_recovered(S)) YYABORT; }
  | error INDENT stmts1 DEDENT           { $$ = $3; yyerrok; if (stmt_recovered(S)) YYABORT; }
  | unexpected_indent stmts1 DEDENT      { $$ = $2; @$ = @2; S->P->recovered = $1; }
  ;

unexpected_indent:
    INDENT                               { $$ = report_unexpected_indent(S, @1); }
  ;

simple_stmt:
    small_stmts NEWLINE                  { $$ = $1; @$ = @1; }
  | small_stmts ';' NEWLINE              { $$ = $1; @$ = @1; }
  ;

small_stmts:
    small_stmt                           { $$ = vec_one(S, $1); }
  | small_stmts ';' small_stmt           { $$ = $1; nodevec_push(A_, &$$, $3); }
  ;

small_stmt:
    expr_stmt                            { $$ = $1; }
  | del_stmt                             { $$ = $1; }
  | PASS                                 { $$ = ast_new(A_, ND_PASS, @$); }
  | flow_stmt                            { $$ = $1; }
  | import_stmt                          { $$ = $1; }
  | global_stmt                          { $$ = $1; }
  | assert_stmt                          { $$ = $1; }
  ;

expr_stmt:
    testlist_star_expr                   { $$ = mk_expr_stmt(S, $1, @$); }
  | testlist_star_expr AUGASSIGN rhs     { $$ = mk_augassign(S, $1, $2, $3, @$); }
  | testlist_star_expr ':' test          { $$ = mk_annassign(S, $1, $3, NULL, @$); }
  | testlist_star_expr ':' test '=' rhs  { $$ = mk_annassign(S, $1, $3, $5, @$); }
  | assign_chain                         { $$ = mk_assign(S, $1, @$); }
  | yield_expr                           { $$ = mk_expr_stmt(S, $1, @$); }
  ;

assign_chain:
    testlist_star_expr '=' rhs           { $$ = vec_one(S, $1); nodevec_push(A_, &$$, $3); }
  | assign_chain '=' rhs                 { $$ = $1; nodevec_push(A_, &$$, $3); }
  ;

rhs:
    testlist_star_expr                   { $$ = check_value(S, $1); }
  | yield_expr                           { $$ = $1; }
  ;

del_stmt:
    DEL exprlist                         { $$ = mk_del(S, $2, @$); }
  ;

flow_stmt:
    BREAK                                { $$ = ast_new(A_, ND_BREAK, @$); }
  | CONTINUE                             { $$ = ast_new(A_, ND_CONTINUE, @$); }
  | RETURN                               { $$ = mk_return(S, NULL, @$); }
  | RETURN testlist_star_expr            { $$ = mk_return(S, check_value(S, $2), @$); }
  | RAISE                                { $$ = mk_raise(S, NULL, NULL, @$); }
  | RAISE test                           { $$ = mk_raise(S, $2, NULL, @$); }
  | RAISE test FROM test                 { $$ = mk_raise(S, $2, $4, @$); }
  ;

global_stmt:
    GLOBAL names                         { $$ = mk_global(S, ND_GLOBAL, $2, @$); }
  | NONLOCAL names                       { $$ = mk_global(S, ND_NONLOCAL, $2, @$); }
  ;

names:
    NAME                                 { $$ = names_add(S, NULL, $1, @1); }
  | names ',' NAME                       { $$ = names_add(S, $1, $3, @3); }
  ;

assert_stmt:
    ASSERT test                          { $$ = mk_assert(S, $2, NULL, @$); }
  | ASSERT test ',' test                 { $$ = mk_assert(S, $2, $4, @$); }
  ;

import_stmt:
    IMPORT dotted_as_names               { $$ = mk_import(S, $2, @$); }
  | FROM import_from_module IMPORT import_targets { $$ = mk_import_from(S, $2, $4, @$); }
  ;

dotted_as_names:
    dotted_name                          { $$ = alias_add(S, NULL, $1, NULL, @1); }
  | dotted_name AS NAME                  { $$ = alias_add(S, NULL, $1, $3, @$); }
  | dotted_as_names ',' dotted_name      { $$ = alias_add(S, $1, $3, NULL, @3); }
  | dotted_as_names ',' dotted_name AS NAME { $$ = alias_add(S, $1, $3, $5, loc_span(@3, @5)); }
  ;

dotted_name:
    NAME                                 { $$ = $1; }
  | dotted_name '.' NAME                 { $$ = join_dotted(S, $1, $3); }
  ;

import_from_module:
    dotted_name                          { $$ = mk_from_module(S, 0, $1, @$); }
  | dots dotted_name                     { $$ = mk_from_module(S, $1->level, $2, @$); }
  | dots                                 { $$ = $1; }
  ;

dots:
    '.'                                  { $$ = mk_from_module(S, 1, NULL, @$); }
  | "..."                                { $$ = mk_from_module(S, 3, NULL, @$); }
  | dots '.'                             { $$ = $1; $$->level += 1; }
  | dots "..."                           { $$ = $1; $$->level += 3; }
  ;

import_targets:
    '*'                                  { $$ = mk_import_star(S, @$); }
  | '(' import_as_names ')'              { $$ = mk_import_names(S, $2, false, @$); }
  | '(' import_as_names ',' ')'          { $$ = mk_import_names(S, $2, false, @$); }
  | import_as_names                      { $$ = mk_import_names(S, $1, false, @$); }
  | import_as_names ','                  { $$ = mk_import_names(S, $1, true, @2); }
  ;

import_as_names:
    NAME                                 { $$ = alias_add(S, NULL, $1, NULL, @1); }
  | NAME AS NAME                         { $$ = alias_add(S, NULL, $1, $3, @$); }
  | import_as_names ',' NAME             { $$ = alias_add(S, $1, $3, NULL, @3); }
  | import_as_names ',' NAME AS NAME     { $$ = alias_add(S, $1, $3, $5, loc_span(@3, @5)); }
  ;

/* ---- compound statements ------------------------------------------------ */

compound_stmt:
    if_stmt                              { $$ = $1; }
  | while_stmt                           { $$ = $1; }
  | for_stmt                             { $$ = $1; }
  | funcdef                              { $$ = $1; }
  | classdef                             { $$ = $1; }
  | decorated                            { $$ = $1; }
  | try_stmt                             { $$ = $1; }
  | with_stmt                            { $$ = $1; }
  | async_stmt                           { $$ = $1; }
  | MATCH_STMT NEWLINE                   { $$ = mk_unsupported(S, "'match' statements are not supported by msc", @1); }
  ;

block:
    simple_stmt                          { $$ = $1; }
  | NEWLINE INDENT stmts1 DEDENT         { $$ = $3; @$ = @3; }
  | NEWLINE %prec BLOCK_MISSING          { $$ = report_missing_block(S, $1, S->last_loc); @$ = @1; @$.end = @$.beg; }
  | NEWLINE simple_stmt                  { report_missing_block(S, $1, @2); $$ = $2; @$ = @2; }
  ;

if_stmt:
    IF namedexpr ':' block if_tail       { $$ = mk_if(S, $2, $4, $5, @$); }
  ;

if_tail:
    %empty                               { $$ = (NodeVec){0}; }
  | ELIF namedexpr ':' block if_tail     { $$ = vec_one(S, mk_if(S, $2, $4, $5, @$)); }
  | ELSE ':' block                       { $$ = $3; }
  ;

while_stmt:
    WHILE namedexpr ':' block else_opt   { $$ = mk_while(S, $2, $4, $5, @$); }
  ;

for_stmt:
    FOR exprlist IN testlist_star_expr ':' block else_opt { $$ = mk_for(S, $2, $4, $6, $7, @$); }
  ;

else_opt:
    %empty                               { $$ = (NodeVec){0}; }
  | ELSE ':' block                       { $$ = $3; }
  ;

funcdef:
    DEF NAME '(' params ')' ret_opt ':' block { $$ = mk_funcdef(S, $2, @2, $4, $6, $8, @$); }
  ;

ret_opt:
    %empty                               { $$ = NULL; }
  | "->" test                            { $$ = $2; }
  ;

params:
    %empty                               { $$ = params_new(S); }
  | param_list                           { $$ = params_check(S, $1); }
  | param_list ','                       { $$ = params_check(S, $1); }
  ;

param_list:
    param                                { $$ = params_add(S, params_new(S), $1); }
  | param_list ',' param                 { $$ = params_add(S, $1, $3); }
  ;

param:
    tfpdef                               { $$ = $1; }
  | tfpdef '=' test                      { $$ = param_default(S, $1, $3, @$); }
  | '*'                                  { $$ = mk_param(S, NULL, NULL, PARAM_VARARGS, @$); }
  | '*' tfpdef                           { $$ = param_kind(S, $2, PARAM_VARARGS, @$); }
  | "**" tfpdef                          { $$ = param_kind(S, $2, PARAM_KWARGS, @$); }
  | '/'                                  { $$ = param_slash(S, @$); }
  ;

tfpdef:
    NAME                                 { $$ = mk_param(S, $1, NULL, PARAM_POS, @$); }
  | NAME ':' test                        { $$ = mk_param(S, $1, $3, PARAM_POS, @$); }
  ;

classdef:
    CLASS NAME class_args ':' block      { $$ = mk_classdef(S, $2, $3, $5, @$); }
  ;

class_args:
    %empty                               { $$ = NULL; }
  | '(' arglist_opt ')'                  { $$ = $2; }
  ;

decorated:
    decorators funcdef                   { $$ = mk_decorated(S, $1, $2, @1); }
  | decorators classdef                  { $$ = mk_decorated(S, $1, $2, @1); }
  | decorators async_stmt                { $$ = mk_decorated(S, $1, $2, @1); }
  ;

decorators:
    decorator                            { $$ = vec_one(S, $1); }
  | decorators decorator                 { $$ = $1; nodevec_push(A_, &$$, $2); }
  ;

decorator:
    '@' namedexpr NEWLINE                { $$ = $2; }
  ;

try_stmt:
    TRY ':' block except_list else_opt finally_opt { $$ = mk_try(S, $3, $4, $5, $6, @$); }
  | TRY ':' block FINALLY ':' block      { $$ = mk_try(S, $3, (NodeVec){0}, (NodeVec){0}, $6, @$); }
  | TRY ':' block                        { $$ = mk_unsupported(S, "expected 'except' or 'finally' block", @1); }
  ;

except_list:
    except_clause                        { $$ = vec_one(S, $1); }
  | except_list except_clause            { $$ = $1; nodevec_push(A_, &$$, $2); }
  ;

except_clause:
    EXCEPT ':' block                     { $$ = mk_except(S, NULL, NULL, $3, @1); }
  | EXCEPT test ':' block                { $$ = mk_except(S, $2, NULL, $4, @1); }
  | EXCEPT test AS NAME ':' block        { $$ = mk_except(S, $2, mk_name(S, $4, @4), $6, @1); }
  ;

finally_opt:
    %empty                               { $$ = (NodeVec){0}; }
  | FINALLY ':' block                    { $$ = $3; }
  ;

with_stmt:
    WITH with_items ':' block            { $$ = mk_with(S, $2, $4, @1); }
  ;

with_items:
    with_item                            { $$ = vec_one(S, $1); }
  | with_items ',' with_item             { $$ = $1; nodevec_push(A_, &$$, $3); }
  ;

with_item:
    test                                 { $$ = mk_withitem(S, $1, NULL, @$); }
  | test AS expr                         { $$ = mk_withitem(S, $1, check_target(S, $3, TGT_ASSIGN), @$); }
  ;

async_stmt:
    async_kw funcdef                     { $$ = $2; }
  | async_kw for_stmt                    { $$ = $2; }
  | async_kw WITH with_items ':' block   { $$ = mk_pass_vecs(S, @$, $3, $5, (NodeVec){0}, (NodeVec){0}); }
  ;

async_kw:
    ASYNC                                { mk_unsupported(S, "'async' functions are not supported by msc", @1); }
  ;

/* ---- expressions ------------------------------------------------------ */

testlist_star_expr:
    tse_list                             { $$ = seq_to_expr(S, $1, @$); }
  | tse_list ','                         { $$ = mk_tuple(S, $1, @$); }
  ;

tse_list:
    test_or_star                         { $$ = seq_new(S, $1); }
  | tse_list ',' test_or_star            { $$ = seq_add(S, $1, $3); }
  ;

test_or_star:
    test                                 { $$ = $1; }
  | star_expr                            { $$ = $1; }
  ;

star_expr:
    '*' expr                             { $$ = mk_unary_node(S, ND_STARRED, $2, @$); }
  ;

exprlist:
    el_list                              { $$ = seq_to_expr(S, $1, @$); }
  | el_list ','                          { $$ = mk_tuple(S, $1, @$); }
  ;

el_list:
    expr_or_star                         { $$ = seq_new(S, $1); }
  | el_list ',' expr_or_star             { $$ = seq_add(S, $1, $3); }
  ;

expr_or_star:
    expr                                 { $$ = $1; }
  | star_expr                            { $$ = $1; }
  ;

namedexpr:
    test                                 { $$ = $1; }
  | test ":=" test                       { $$ = mk_walrus(S, $1, $3, @$); }
  ;

nexpr_or_star:
    namedexpr                            { $$ = $1; }
  | star_expr                            { $$ = $1; }
  ;

test:
    or_test                              { $$ = $1; }
  | or_test IF or_test ELSE test         { $$ = mk_ifexp(S, $3, $1, $5, @$); }
  | lambdef                              { $$ = $1; }
  ;

lambdef:
    LAMBDA lparams ':' test              { $$ = mk_lambda(S, $2, $4, @$); }
  ;

lparams:
    %empty                               { $$ = params_new(S); }
  | lparam_list                          { $$ = params_check(S, $1); }
  | lparam_list ','                      { $$ = params_check(S, $1); }
  ;

lparam_list:
    lparam                               { $$ = params_add(S, params_new(S), $1); }
  | lparam_list ',' lparam               { $$ = params_add(S, $1, $3); }
  ;

lparam:
    NAME                                 { $$ = mk_param(S, $1, NULL, PARAM_POS, @$); }
  | NAME '=' test                        { $$ = param_default(S, mk_param(S, $1, NULL, PARAM_POS, @1), $3, @$); }
  | '*'                                  { $$ = mk_param(S, NULL, NULL, PARAM_VARARGS, @$); }
  | '*' NAME                             { $$ = mk_param(S, $2, NULL, PARAM_VARARGS, @$); }
  | "**" NAME                            { $$ = mk_param(S, $2, NULL, PARAM_KWARGS, @$); }
  | '/'                                  { $$ = param_slash(S, @$); }
  ;

or_test:
    and_test                             { $$ = $1; }
  | or_test OR and_test                  { $$ = mk_binary_node(S, ND_OR, $1, $3, @$); }
  ;

and_test:
    not_test                             { $$ = $1; }
  | and_test AND not_test                { $$ = mk_binary_node(S, ND_AND, $1, $3, @$); }
  ;

not_test:
    NOT not_test                         { $$ = mk_unary(S, UOP_NOT, $2, @$); }
  | comparison                           { $$ = $1; }
  ;

comparison:
    expr                                 { $$ = $1; }
  | expr comp_chain                      { $$ = mk_compare(S, $1, $2, @$); }
  ;

comp_chain:
    comp_op expr                         { $$ = chain_add(S, NULL, $1, $2); }
  | comp_chain comp_op expr              { $$ = chain_add(S, $1, $2, $3); }
  ;

comp_op:
    '<'                                  { $$ = CMP_LT; }
  | '>'                                  { $$ = CMP_GT; }
  | "=="                                 { $$ = CMP_EQ; }
  | "!="                                 { $$ = CMP_NE; }
  | "<="                                 { $$ = CMP_LE; }
  | ">="                                 { $$ = CMP_GE; }
  | IN                                   { $$ = CMP_IN; }
  | NOT IN                               { $$ = CMP_NOTIN; }
  | IS                                   { $$ = CMP_IS; }
  | IS NOT                               { $$ = CMP_ISNOT; }
  ;

expr:
    xor_expr                             { $$ = $1; }
  | expr '|' xor_expr                    { $$ = mk_binop(S, OP_BITOR, $1, $3, @$); }
  ;

xor_expr:
    and_expr                             { $$ = $1; }
  | xor_expr '^' and_expr                { $$ = mk_binop(S, OP_BITXOR, $1, $3, @$); }
  ;

and_expr:
    shift_expr                           { $$ = $1; }
  | and_expr '&' shift_expr              { $$ = mk_binop(S, OP_BITAND, $1, $3, @$); }
  ;

shift_expr:
    arith_expr                           { $$ = $1; }
  | shift_expr "<<" arith_expr           { $$ = mk_binop(S, OP_LSHIFT, $1, $3, @$); }
  | shift_expr ">>" arith_expr           { $$ = mk_binop(S, OP_RSHIFT, $1, $3, @$); }
  ;

arith_expr:
    term                                 { $$ = $1; }
  | arith_expr '+' term                  { $$ = mk_binop(S, OP_ADD, $1, $3, @$); }
  | arith_expr '-' term                  { $$ = mk_binop(S, OP_SUB, $1, $3, @$); }
  ;

term:
    factor                               { $$ = $1; }
  | term '*' factor                      { $$ = mk_binop(S, OP_MUL, $1, $3, @$); }
  | term '/' factor                      { $$ = mk_binop(S, OP_DIV, $1, $3, @$); }
  | term '%' factor                      { $$ = mk_binop(S, OP_MOD, $1, $3, @$); }
  | term "//" factor                     { $$ = mk_binop(S, OP_FLOORDIV, $1, $3, @$); }
  | term '@' factor                      { $$ = mk_binop(S, OP_MATMUL, $1, $3, @$); }
  ;

factor:
    '+' factor                           { $$ = mk_unary(S, UOP_POS, $2, @$); }
  | '-' factor                           { $$ = mk_unary(S, UOP_NEG, $2, @$); }
  | '~' factor                           { $$ = mk_unary(S, UOP_INVERT, $2, @$); }
  | power                                { $$ = $1; }
  ;

power:
    await_primary                        { $$ = $1; }
  | await_primary "**" factor            { $$ = mk_binop(S, OP_POW, $1, $3, @$); }
  ;

await_primary:
    primary                              { $$ = $1; }
  | AWAIT primary                        { $$ = mk_await(S, $2, @$); }
  ;

primary:
    atom                                 { $$ = $1; }
  | primary '.' NAME                     { $$ = mk_attr(S, $1, $3, @$); }
  | primary '(' arglist_opt ')'          { $$ = mk_call(S, $1, $3, @$); }
  | primary '[' subscriptlist ']'        { $$ = mk_subscript(S, $1, $3, @$); }
  ;

atom:
    '(' ')'                              { $$ = mk_display(S, ND_TUPLE, NULL, @$); }
  | '(' yield_expr ')'                   { $$ = $2; }
  | '(' testlist_comp ')'                { $$ = mk_paren(S, $2, @$); }
  | '[' ']'                              { $$ = mk_display(S, ND_LIST, NULL, @$); }
  | '[' testlist_comp ']'                { $$ = mk_list(S, $2, @$); }
  | '{' '}'                              { $$ = mk_display(S, ND_DICT, NULL, @$); }
  | '{' dictorsetmaker '}'               { $$ = mk_braces(S, $2, @$); }
  | NAME                                 { $$ = mk_name(S, $1, @$); }
  | INT                                  { $$ = $1; }
  | FLOAT                                { $$ = $1; }
  | strings                              { $$ = $1; }
  | "..."                                { $$ = ast_new(A_, ND_ELLIPSIS, @$); }
  | NONE                                 { $$ = ast_new(A_, ND_NONE, @$); }
  | TRUE                                 { $$ = ast_new(A_, ND_TRUE, @$); }
  | FALSE                                { $$ = ast_new(A_, ND_FALSE, @$); }
  ;

strings:
    STRING                               { $$ = $1; }
  | strings STRING                       { $$ = ast_str_concat(S, $1, $2, @$); }
  ;

testlist_comp:
    nexpr_or_star comp_clauses           { $$ = seq_comp(S, $1, $2); }
  | tlc_list                             { $$ = $1; }
  | tlc_list ','                         { $$ = $1; $$->comma = true; }
  ;

tlc_list:
    nexpr_or_star                        { $$ = seq_new(S, $1); }
  | tlc_list ',' nexpr_or_star           { $$ = seq_add(S, $1, $3); }
  ;

comp_clauses:
    FOR exprlist IN or_test              { $$ = comp_add(S, NULL, $2, $4); }
  | comp_clauses FOR exprlist IN or_test { $$ = comp_add(S, $1, $3, $5); }
  | comp_clauses IF or_test              { $$ = comp_if(S, $1, $3); }
  ;

dictorsetmaker:
    dict_list                            { $$ = $1; }
  | dict_list ','                        { $$ = $1; }
  | dict_entry comp_clauses              { $$ = seq_dictcomp(S, $1, $2); }
  | set_list                             { $$ = $1; }
  | set_list ','                         { $$ = $1; }
  | test_or_star comp_clauses            { $$ = seq_comp(S, $1, $2); }
  ;

dict_list:
    dict_entry                           { $$ = seq_dict_add(S, NULL, $1); }
  | dict_list ',' dict_entry             { $$ = seq_dict_add(S, $1, $3); }
  ;

dict_entry:
    test ':' test                        { $$ = mk_dict_entry(S, $1, $3, @$); }
  | "**" expr                            { $$ = mk_dict_entry(S, NULL, $2, @$); }
  ;

set_list:
    test_or_star                         { $$ = seq_new(S, $1); }
  | set_list ',' test_or_star            { $$ = seq_add(S, $1, $3); }
  ;

arglist_opt:
    %empty                               { $$ = seq_new(S, NULL); }
  | arglist                              { $$ = $1; }
  | arglist ','                          { $$ = $1; $$->comma = true; }
  ;

arglist:
    argument                             { $$ = seq_arg(S, NULL, $1); }
  | arglist ',' argument                 { $$ = seq_arg(S, $1, $3); }
  ;

argument:
    test                                 { $$ = $1; }
  | test comp_clauses                    { $$ = mk_bare_genexp(S, $1, $2, @$); }
  | test '=' test                        { $$ = mk_keyword(S, $1, $3, @$); }
  | test ":=" test                       { $$ = mk_walrus(S, $1, $3, @$); }
  | '*' test                             { $$ = mk_unary_node(S, ND_STARRED, $2, @$); }
  | "**" test                            { $$ = mk_unary_node(S, ND_DSTAR, $2, @$); }
  ;

subscriptlist:
    sub_list                             { $$ = seq_to_expr(S, $1, @$); }
  | sub_list ','                         { $$ = mk_tuple(S, $1, @$); }
  ;

sub_list:
    subscript                            { $$ = seq_new(S, $1); }
  | sub_list ',' subscript               { $$ = seq_add(S, $1, $3); }
  ;

subscript:
    test                                 { $$ = $1; }
  | star_expr                            { $$ = $1; }
  | test_opt ':' test_opt                { $$ = mk_slice(S, $1, $3, NULL, @$); }
  | test_opt ':' test_opt ':' test_opt   { $$ = mk_slice(S, $1, $3, $5, @$); }
  ;

test_opt:
    %empty                               { $$ = NULL; }
  | test                                 { $$ = $1; }
  ;

yield_expr:
    YIELD                                { $$ = mk_yield(S, NULL, false, @$); }
  | YIELD testlist_star_expr             { $$ = mk_yield(S, check_value(S, $2), false, @$); }
  | YIELD FROM test                      { $$ = mk_yield(S, $3, true, @$); }
  ;

%%

/* ---- syntax error messages ------------------------------------------------
 * Bison (with LAC) knows exactly which tokens could have come instead of the
 * one that did; these say it in CPython's words. */

enum {
  C_START = 1, /* can start an expression */
  C_CONT = 2,  /* can continue an expression or a statement's expression list */
};

static const struct {
  int tok;
  const char *text;
  int cls;
} tok_info[] = {
    {TK_NAME, "a name", C_START},    {TK_INT, "a number", C_START},  {TK_FLOAT, "a number", C_START},
    {TK_STRING, "a string", C_START}, {TK_NONE, "'None'", C_START},   {TK_TRUE, "'True'", C_START},
    {TK_FALSE, "'False'", C_START},  {TK_ELLIPSIS, "'...'", C_START}, {TK_LAMBDA, "'lambda'", C_START},
    {TK_NOT, "'not'", C_START | C_CONT}, {TK_AWAIT, "'await'", C_START}, {TK_YIELD, "'yield'", C_START},
    {'(', "'('", C_START | C_CONT},  {'[', "'['", C_START | C_CONT}, {'{', "'{'", C_START},
    {'-', "'-'", C_START | C_CONT},  {'+', "'+'", C_START | C_CONT}, {'~', "'~'", C_START},
    {'*', "'*'", C_START | C_CONT},  {TK_DSTAR, "'**'", C_START | C_CONT},
    {')', "')'", 0},                 {']', "']'", 0},                {'}', "'}'", 0},
    {':', "':'", 0},                 {';', "';'", 0},                {TK_NEWLINE, "a new line", 0},
    {TK_INDENT, "an indented block", 0}, {TK_DEDENT, "the end of the block", 0},
    {',', "','", C_CONT},            {'.', "'.'", C_CONT},           {'=', "'='", C_CONT},
    {TK_AUGASSIGN, "an augmented assignment", C_CONT}, {TK_COLONEQ, "':='", C_CONT},
    {'/', "'/'", C_CONT},            {'%', "'%'", C_CONT},           {'@', "'@'", C_CONT},
    {'|', "'|'", C_CONT},            {'^', "'^'", C_CONT},           {'&', "'&'", C_CONT},
    {'<', "'<'", C_CONT},            {'>', "'>'", C_CONT},           {TK_EQ, "'=='", C_CONT},
    {TK_NE, "'!='", C_CONT},         {TK_LE, "'<='", C_CONT},        {TK_GE, "'>='", C_CONT},
    {TK_LSHIFT, "'<<'", C_CONT},     {TK_RSHIFT, "'>>'", C_CONT},    {TK_DSLASH, "'//'", C_CONT},
    {TK_RARROW, "'->'", C_CONT},     {TK_IF, "'if'", C_CONT},        {TK_FOR, "'for'", C_CONT},
    {TK_AND, "'and'", C_CONT},       {TK_OR, "'or'", C_CONT},        {TK_IS, "'is'", C_CONT},
    {TK_IN, "'in'", C_CONT},              {TK_ELSE, "'else'", 0},         {TK_IMPORT, "'import'", 0},
    {TK_AS, "'as'", 0},              {TK_FROM, "'from'", 0},         {TK_DEF, "'def'", 0},
    {TK_CLASS, "'class'", 0},        {TK_ASYNC, "'async'", 0},       {TK_ELIF, "'elif'", 0},
    {TK_EXCEPT, "'except'", 0},      {TK_FINALLY, "'finally'", 0},   {TK_WHILE, "'while'", 0},
    {TK_WITH, "'with'", 0},          {TK_TRY, "'try'", 0},           {TK_PASS, "'pass'", 0},
    {TK_BREAK, "'break'", 0},        {TK_CONTINUE, "'continue'", 0}, {TK_RETURN, "'return'", 0},
    {TK_RAISE, "'raise'", 0},        {TK_GLOBAL, "'global'", 0},     {TK_NONLOCAL, "'nonlocal'", 0},
    {TK_ASSERT, "'assert'", 0},      {TK_DEL, "'del'", 0},
};

static int tok_index(yysymbol_kind_t k) {
  for (int i = 0; i < (int)(sizeof tok_info / sizeof tok_info[0]); i++)
    if (YYTRANSLATE(tok_info[i].tok) == k) return i;
  return -1;
}

static bool expects(const yysymbol_kind_t *exp, int n, int tok) {
  for (int i = 0; i < n; i++)
    if (exp[i] == YYTRANSLATE(tok)) return true;
  return false;
}

static void syntax_error(LexState *S, Loc loc, const char *msg) {
  if (S->mode == LEX_EXPR) parse_error(S->P, loc, "f-string: %s", msg);
  else parse_error(S->P, loc, "%s", msg);
}

static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner, LexState *S) {
  (void)scanner;
  yysymbol_kind_t exp[YYNTOKENS];
  int n = yypcontext_expected_tokens(ctx, exp, YYNTOKENS);
  if (n < 0) n = 0;
  yysymbol_kind_t k = yypcontext_token(ctx);
  int ti = tok_index(k);
  int t = ti >= 0 ? tok_info[ti].tok : k == YYSYMBOL_LEXERROR ? TK_LEXERROR : 0;
  Loc at = *yypcontext_location(ctx);
  bool real = ti >= 0 && t != TK_NEWLINE && t != TK_INDENT && t != TK_DEDENT;
  uint32_t pe = real ? S->prev_real_end : S->last_real_end;
  Loc after = lex_loc(S, pe, pe);
  Loc here = real ? at : after;
  char buf[128];

  if (t == TK_LEXERROR) return 0; /* the scanner has said why */
  if (S->P->recovered && (t == TK_ELSE || t == TK_ELIF || t == TK_EXCEPT || t == TK_FINALLY))
    return 0; /* the rest of a statement whose header was wrong */
  if (S->depth > S->min_depth) {
    Bracket b = S->br[S->depth - 1];
    if (src_line(S->P->src, b.off) != src_line(S->P->src, at.beg)) {
      S->depth = S->min_depth;
      parse_error(S->P, lex_loc(S, b.off, b.off + 1), "'%c' was never closed", b.ch);
      return 0;
    }
  }
  if (t == TK_INDENT) {
    syntax_error(S, at, "unexpected indent");
  } else if (t == TK_COLONEQ) {
    syntax_error(S, at, "assignment expressions (':=') are not supported by msc");
  } else if (S->prev_tok == TK_NAME && S->prev_name && strcmp(S->prev_name, "print") == 0 && ti >= 0 &&
             (tok_info[ti].cls & C_START) && t != '(' && S->line_first_tok == TK_NAME &&
             S->line_first_off + 5 == S->prev_real_end) {
    syntax_error(S, loc_span(lex_loc(S, S->line_first_off, S->line_first_off), at),
                 "Missing parentheses in call to 'print'. Did you mean print(...)?");
  } else if (t == '=' && !expects(exp, n, '=') && (expects(exp, n, ':') || S->depth > 0)) {
    syntax_error(S, at, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
  } else if (S->depth > 0 && ti >= 0 && (tok_info[ti].cls & C_START) && expects(exp, n, ',') &&
             !(tok_info[ti].cls & C_CONT)) {
    syntax_error(S, at, "invalid syntax. Perhaps you forgot a comma?");
  } else {
    /* what must come, leaving out what would merely continue an expression;
     * failing that, 'in' (as in "for x in") */
    int only = -1, nonly = 0;
    for (int pass = 0; pass < 2 && nonly == 0; pass++) {
      for (int i = 0; i < n; i++) {
        int j = tok_index(exp[i]);
        if (j < 0 || (n > 1 && (tok_info[j].cls & C_CONT) && !(pass == 1 && tok_info[j].tok == TK_IN))) continue;
        only = j;
        nonly++;
      }
    }
    if (nonly == 1 && tok_info[only].tok == TK_ELSE) {
      syntax_error(S, after, "expected 'else' after 'if' expression");
    } else if (nonly == 1 && tok_info[only].tok == TK_NAME) {
      syntax_error(S, here, "expected a name");
    } else if (nonly == 1 && !(tok_info[only].cls & C_START)) {
      snprintf(buf, sizeof buf, "expected %s", tok_info[only].text);
      syntax_error(S, after, buf);
    } else if (expects(exp, n, TK_PASS)) {
      syntax_error(S, here, "invalid syntax"); /* at the start of a statement */
    } else if (expects(exp, n, TK_INT)) {
      syntax_error(S, here, "expected an expression");
    } else if (real && (t == ')' || t == ']' || t == '}' || t == ':' || t == ',' || t == ';')) {
      snprintf(buf, sizeof buf, "unexpected %s", tok_info[ti].text);
      syntax_error(S, here, buf);
    } else {
      syntax_error(S, here, "invalid syntax");
    }
  }
  return 0;
}

static void pyerror(Loc *loc, yyscan_t scanner, LexState *S, const char *msg) {
  (void)scanner;
  if (strcmp(msg, "memory exhausted") == 0) msg = "too many nested expressions or statements";
  parse_error(S->P, *loc, "%s", msg);
}
