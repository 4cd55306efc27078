/* main.c — msc's command line: the pipeline as a plain list of calls.
 *
 * Exit status: 0 success, 1 an error in the script (syntax, runtime, an
 * uncaught exception), 2 bad usage of msc itself. SystemExit(n) exits n.
 *
 * The interpreter runs on a thread with a large stack so that the recursion
 * limit (RecursionError) is always reached long before the C stack ends.
 */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/codegen.h"
#include "../eval/graph.h"
#include "../eval/value.h"
#include "../frontend/ast.h"
#include "../frontend/diag.h"
#include "../frontend/limits.h"
#include "../ir/ir.h"
#include "../eval/npyio.h"
#include "../passes/passes.h"
#include "../passes/quantize.h"
#include "compile_mindir.h"

static const char usage[] =
    "usage: msc run [options] FILE [ARGS...]   run a script as MindSpore would\n"
    "       msc opt [options] FILE.mir         read and verify a graph IR file, run\n"
    "                                          passes, print it (msc opt --help)\n"
    "       msc compile [options] FILE -o DIR  run a script and write the graphs it\n"
    "                                          compiled as a standalone C library\n"
    "       msc compile [options] M.mindir -o DIR   the same for a MindIR model\n"
    "       msc --help | --version\n"
    "\n"
    "FILE may be '-' to read the script from standard input.\n"
    "\n"
    "run options:\n"
    "  --syntax-only   parse, resolve names and report errors; run nothing\n"
    "  --dump-ast      print the syntax tree to stderr, run nothing\n"
    "  --mode=pynative run every graph eagerly: @ms.jit and set_context(mode=\n"
    "                  GRAPH_MODE) have no effect (the PyNative run of a script)\n"
    "  --mode=graph    start in GRAPH_MODE (the script may still change it)\n"
    "  --backend=cc    run graphs as C compiled by $CC (default 'cc') and loaded\n"
    "                  (default); compiled objects are cached\n"
    "  --backend=ref   run graphs with the reference executor (no C compiler)\n"
    "  --cache-dir=DIR where compiled graphs are cached (default $MSC_CACHE_DIR,\n"
    "                  else $XDG_CACHE_HOME/msc, else ~/.cache/msc)\n"
    "  -v, --verbose   log each graph compilation (and why, and the time of\n"
    "                  capture, passes and codegen) and each cc run\n"
    "  --explain       capture_mode='bytecode': a note at each graph break (file:\n"
    "                  line:col and why), and per function at the end its calls,\n"
    "                  breaks, pieces run and pieces compiled (stderr)\n"
    "\n"
    "The compile options below apply to every compiled graph of msc run and\n"
    "msc compile, and to msc opt.\n"
    "\n"
    "Graphs: a Cell called in GRAPH_MODE, a function or construct under @ms.jit\n"
    "and Cell.compile() capture a graph: capture_mode='ast' (default) stages the\n"
    "body with symbolic tensors, 'trace' records the first call's primitives,\n"
    "'bytecode' stages like 'ast' but ends the graph where a statement cannot\n"
    "be staged (a graph break: the graph so far runs, the statement runs\n"
    "eagerly, staging resumes). One graph is compiled per signature (tensor\n"
    "dtypes and shapes, values of other arguments, jit options).\n"
    "\n"
    "compile options (msc compile FILE -o DIR [ARGS...]): the script runs as\n"
    "'msc run --backend=ref' does; every graph it compiled (one per signature)\n"
    "and every ms.export(net, *inputs, file_name=F) (entry F) becomes an entry\n"
    "of DIR/NAME.h, NAME.c (weights inside) and NAME_test.c (a self-test with\n"
    "the inputs of the graph's first call and the reference executor's outputs:\n"
    "cc DIR/*.c -lm && ./a.out); NAME.c carries the runtime kernels it needs\n"
    "(static). A graph that assigns Parameters (a train step) updates them in\n"
    "RAM; its self-test replays the script's calls (up to 16)\n"
    "  -o DIR          the output directory (created if missing)\n"
    "  --name=N        the library's name (default: the script's base name)\n"
    "  --entry=E       export only entry E (repeatable; entries are named after\n"
    "                  the graph: Cell class + _construct, or the function)\n"
    "  --runtime=inline    the kernels inside NAME.c, static (the default)\n"
    "  --runtime=separate  msrt.h and msrt_*.c beside the library instead (one\n"
    "                  runtime shared by several libraries)\n"
    "  --target=T      the C's kernels: generic (portable C; the default), or\n"
    "                  cortex-m4, cortex-m7, cortex-m0plus (runtime/mcu.c: float32\n"
    "                  dense, direct convolution and max pooling for 32-bit\n"
    "                  microcontrollers, no im2col workspace); NAME.h records it\n"
    "                  and #errors when built for another architecture\n"
    "  --fold-bn       fold each BatchNorm of constants into the Conv2D before it\n"
    "                  (not bit-exact: within the self-test's float32 tolerance;\n"
    "                  NAME.h says so)\n"
    "  --memory-report per entry: arena, lower bound, weights and the plan\n"
    "  --input-shape=[NAME:]D1,D2,...  (a .mindir FILE) the shape of input NAME\n"
    "                  (or of the next input), for dims the file leaves dynamic;\n"
    "                  ';' separates inputs. A .mindir FILE becomes the entry\n"
    "                  'predict', its self-test run on a seeded input\n"
    "  --quantize=int8 int8 post-training quantization of the inference entries:\n"
    "                  Dense and Conv2D layers (of constant weights, with their\n"
    "                  bias and ReLU) become int8 kernels with int32 accumulation\n"
    "                  (TFLite's int8 arithmetic), MaxPool and reshapes between\n"
    "                  them run on int8; other ops stay float32 (warned)\n"
    "  --calibration=FILE  the calibration samples, .npy (one input) or .npz\n"
    "                  (arrays named after the inputs, or in their order), shaped\n"
    "                  (N, *input shape) or (N * batch, *input shape[1:]); default:\n"
    "                  the inputs the script called the entry with (warned: < 100)\n"
    "  --calibration-method=minmax|percentile:P|kl  how each tensor's range is\n"
    "                  chosen (default minmax; README \"int8 post-training quantization\")\n"
    "  --io=float|int8 the quantized entries' inputs and outputs: float32\n"
    "                  (quantized inside; the default) or int8, with each one's\n"
    "                  _SCALE and _ZERO_POINT macros in NAME.h\n"
    "  -v as for run; the compile options as below (the passes and dumps of the\n"
    "  library's entries)\n"
    "\n"
    "exit status: 0 success, 1 error in the script, 2 usage error;\n"
    "sys.exit(n) in the script exits with n.\n";

typedef struct RunJob {
  int argc;
  char **argv; /* argv[0] is the script path (sys.argv) */
  bool syntax_only, dump_ast;
  int status;
  GraphConfig cfg; /* how graphs compile and run */
  AotOptions *aot; /* msc compile: write the library after the run */
} RunJob;

static void print_usage(FILE *f) {
  fputs(usage, f);
  fputc('\n', f);
  cg_compile_options_help(f);
  limits_help(f);
}

/* --limit=NAME=N (frontend/limits.h), for every command: true when a is
 * one; limit_ok says whether it was well-formed (the error is printed). */
static bool limit_ok;
static bool limit_arg(const char *a) {
  char err[256];
  if (!limit_option(a, &limit_ok, err, sizeof err)) return false;
  if (!limit_ok) fprintf(stderr, "msc: error: %s\n", err);
  return true;
}

/* msc compile, after the script ran: the recorded graphs into the library
 * (the modules' locations point into the script's source: call before it
 * is freed). */
static int write_library(const AotOptions *o, GraphRecords *rs) {
  GraphRecord **recs = rs->v;
  int n = rs->n;
  AotGraph *gs = calloc((size_t)(n ? n : 1), sizeof(AotGraph));
  AotTensor **ts = calloc((size_t)(n ? n : 1), sizeof(AotTensor *));
  AotCall **cs = calloc((size_t)(n ? n : 1), sizeof(AotCall *));
  int status = 0;
  for (int i = 0; i < n; i++) {
    GraphRecord *r = recs[i];
    /* per call: nparam + nout tensors; then after[] (nparam) */
    int per = r->nparam + r->nout, nc = r->ncall;
    ts[i] = calloc((size_t)(per * (nc ? nc : 1) + r->nparam + 1), sizeof(AotTensor));
    cs[i] = calloc((size_t)(nc ? nc : 1), sizeof(AotCall));
    for (int c = 0; c < nc; c++) {
      AotTensor *t = ts[i] + (size_t)c * (size_t)per;
      for (int k = 0; k < per; k++) {
        GraphArray *a = k < r->nparam ? &r->calls[c].params[k] : &r->calls[c].outs[k - r->nparam];
        t[k] = (AotTensor){a->dt, a->ndim, a->shape, a->data, a->nbytes};
      }
      cs[i][c] = (AotCall){t, t + r->nparam};
    }
    AotTensor *after = NULL;
    if (r->after) {
      after = ts[i] + (size_t)per * (size_t)(nc ? nc : 1);
      for (int k = 0; k < r->nparam; k++) {
        GraphArray *a = &r->after[k];
        after[k] = (AotTensor){a->dt, a->ndim, a->shape, a->data, a->nbytes};
      }
    }
    gs[i] = (AotGraph){r->name, r->level, r->m, r->called && nc > 0, r->nparam, nc ? cs[i][0].params : NULL,
                       r->nout, nc ? cs[i][0].outs : NULL, nc, cs[i], after};
  }
  char err[1024];
  if (!aot_write(gs, n, o, err, sizeof err)) {
    fprintf(stderr, "msc: error: %s\n", err);
    status = 1;
  }
  for (int i = 0; i < n; i++) {
    free(ts[i]);
    free(cs[i]);
  }
  free(ts);
  free(cs);
  free(gs);
  graph_records_free(rs);
  return status;
}

static int run_script(RunJob *job) {
  const char *path = job->argv[0];
  SrcFile *src = src_load(path);
  if (!src) {
    src_load_failed(path);
    return 1;
  }
  Arena *arena = arena_new();
  Node *mod = parse_file(src, arena);
  int status;
  if (!mod) {
    status = 1;
  } else if (job->dump_ast) {
    ast_dump(mod, stderr);
    status = 0;
  } else if (job->syntax_only) {
    Interp *I = interp_new(job->argc, job->argv);
    I->arena = arena;
    status = interp_check(I, mod) ? 0 : 1;
    interp_free(I);
  } else {
    Interp *I = interp_new(job->argc, job->argv);
    I->arena = arena;
    graph_configure(I, &job->cfg);
    status = interp_run_main(I, src, mod);
    interp_free(I);
    if (job->aot) {
      if (status == 0 && job->cfg.records->nbreak) { /* listed as errors where they were met */
        fflush(stdout);
        int nb = job->cfg.records->nbreak, nf = job->cfg.records->nfallback;
        if (nf == nb)
          fprintf(stderr, "msc: error: %d JIT Fallback%s (jit_syntax_level LAX): a compiled library cannot run "
                  "Python; compute those values from the graph's tensors with ops, or move the statements out of "
                  "the function; nothing was written\n", nf, nf == 1 ? "" : "s");
        else
          fprintf(stderr, "msc: error: %d graph break%s (capture_mode='bytecode')%s: a compiled library holds one "
                  "graph per entry and cannot run Python between pieces; use capture_mode='ast' or move those "
                  "statements out of the function; nothing was written\n", nb, nb == 1 ? "" : "s",
                  nf ? " and JIT Fallbacks" : "");
        graph_records_free(job->cfg.records);
        status = 1;
      } else if (status == 0) {
        fflush(stdout);
        status = write_library(job->aot, job->cfg.records);
      } else { /* the script failed: nothing is written */
        graph_records_free(job->cfg.records);
      }
    }
  }
  arena_free(arena);
  src_free(src);
  return status;
}

static void *run_thread(void *p) {
  RunJob *job = p;
  job->status = run_script(job);
  return NULL;
}

static int run_job(RunJob *job);

static int cmd_run(int argc, char **argv) {
  RunJob job = {0};
  GraphConfig *c = &job.cfg;
  graph_config_init(c);
  int i = 0;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--syntax-only") == 0) job.syntax_only = true;
    else if (strcmp(a, "--dump-ast") == 0) job.dump_ast = true;
    else if (strcmp(a, "--mode=pynative") == 0) c->mode = GM_PYNATIVE;
    else if (strcmp(a, "--mode=graph") == 0) c->mode = GM_GRAPH;
    else if (strcmp(a, "--backend=cc") == 0) c->backend = GB_CC;
    else if (strcmp(a, "--backend=ref") == 0) c->backend = GB_REF;
    else if (strncmp(a, "--cache-dir=", 12) == 0 && a[12]) c->cache_dir = a + 12;
    else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) c->verbose = true;
    else if (strcmp(a, "--explain") == 0) c->explain = true;
    else if (cg_compile_option(&c->compile, a)) continue;
    else if (limit_arg(a)) {
      if (!limit_ok) return 2;
    } else if (strcmp(a, "-") == 0 || a[0] != '-') break;
    else {
      fprintf(stderr, "msc: error: unknown option '%s' for 'msc run'\n", a);
      print_usage(stderr);
      return 2;
    }
  }
  char err[512];
  if (!cg_compile_options_check(&c->compile, err, sizeof err)) {
    fprintf(stderr, "msc: error: %s\n", err);
    return 2;
  }
  if (i == argc) {
    fprintf(stderr, "msc: error: 'msc run' needs a script\n");
    print_usage(stderr);
    return 2;
  }
  job.argc = argc - i;
  job.argv = argv + i;
  return run_job(&job);
}

static int run_job(RunJob *job) {
  pthread_attr_t attr;
  pthread_t th;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, (size_t)512 << 20);
  if (pthread_create(&th, &attr, run_thread, job) != 0) {
    run_thread(job); /* no thread: run on this stack */
  } else {
    /* the termination signals go to the script's thread, where the
     * handler of serial/atomic_out.c removes its staging (it may run
     * inside that file, which its critical sections allow for) */
    sigset_t ss;
    sigemptyset(&ss);
    sigaddset(&ss, SIGINT);
    sigaddset(&ss, SIGTERM);
    sigaddset(&ss, SIGHUP);
    sigaddset(&ss, SIGQUIT);
    pthread_sigmask(SIG_BLOCK, &ss, NULL);
    pthread_join(th, NULL);
    pthread_sigmask(SIG_UNBLOCK, &ss, NULL);
  }
  pthread_attr_destroy(&attr);
  fflush(stdout);
  return job->status;
}

static bool is_mindir(const char *path) {
  size_t n = strlen(path);
  return n > 7 && strcmp(path + n - 7, ".mindir") == 0;
}

/* The script's (or MindIR file's) base name without ".py" (".mindir")
 * (malloc'd). */
static char *script_stem(const char *path) {
  if (strcmp(path, "-") == 0) return strdup("stdin");
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strlen(b);
  if (n > 3 && strcmp(b + n - 3, ".py") == 0) n -= 3;
  else if (n > 7 && strcmp(b + n - 7, ".mindir") == 0) n -= 7;
  return strndup(b, n);
}

static int cmd_compile(int argc, char **argv) {
  RunJob job = {0};
  AotOptions ao = {0};
  const char **entries = calloc((size_t)argc + 1, sizeof(char *));
  int nentries = 0, i = 0, status = 2;
  char *stem = NULL, *base = NULL;
  GraphRecords recs = {0};
  MindirShape *shapes = NULL;
  int nshapes = 0;
  CgCompileOptions copts;
  cg_compile_options_init(&copts);
  QuantOptions qo = {QM_MINMAX, 0, false};
  bool quantize = false, method_given = false, io_given = false;
  const char *calib_path = NULL;
  NpyArray *calib = NULL;
  int ncalib = 0;
  AotTensor *calib_t = NULL;
  const char **calib_names = NULL;
  graph_config_init(&job.cfg);
  job.cfg.records = &recs;
  job.cfg.backend = GB_REF; /* the reference outputs of the self-test */
  /* options anywhere (msc compile FILE -o DIR); the first other word is
   * the script, the rest (and everything after "--") its arguments */
  char **rest = calloc((size_t)argc + 1, sizeof(char *));
  int nrest = 0;
  bool dashdash = false;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (dashdash || (nrest > 0 && strcmp(a, "--") != 0 && a[0] != '-')) rest[nrest++] = argv[i];
    else if (strcmp(a, "--") == 0) dashdash = true;
    else if (strcmp(a, "-o") == 0 && i + 1 < argc) ao.dir = argv[++i];
    else if (strncmp(a, "--output=", 9) == 0) ao.dir = a + 9;
    else if (strcmp(a, "--name") == 0 && i + 1 < argc) ao.name = argv[++i];
    else if (strncmp(a, "--name=", 7) == 0) ao.name = a + 7;
    else if (strcmp(a, "--entry") == 0 && i + 1 < argc) entries[nentries++] = argv[++i];
    else if (strncmp(a, "--entry=", 8) == 0) entries[nentries++] = a + 8;
    else if (strcmp(a, "--runtime=separate") == 0) ao.runtime_separate = true;
    else if (strcmp(a, "--runtime=inline") == 0) ao.runtime_separate = false;
    else if (strncmp(a, "--runtime=", 10) == 0) {
      fprintf(stderr, "msc: error: unknown --runtime=%s (inline or separate)\n", a + 10);
      free(rest);
      goto out;
    } else if (strcmp(a, "--fold-bn") == 0) ao.fold_bn = true;
    else if (strncmp(a, "--target=", 9) == 0) {
      if (!aot_target_known(a + 9)) {
        fprintf(stderr, "msc: error: unknown --target=%s (valid targets: %s)\n", a + 9, aot_target_names());
        free(rest);
        goto out;
      }
      ao.target = a + 9;
    } else if (strncmp(a, "--quantize=", 11) == 0) {
      if (strcmp(a + 11, "int8") != 0) {
        fprintf(stderr, "msc: error: unknown --quantize=%s (int8)\n", a + 11);
        free(rest);
        goto out;
      }
      quantize = true;
    } else if (strncmp(a, "--calibration=", 14) == 0 && a[14]) {
      calib_path = a + 14;
    } else if (strncmp(a, "--calibration-method=", 21) == 0) {
      if (!quant_parse_method(a + 21, &qo)) {
        fprintf(stderr, "msc: error: unknown --calibration-method=%s (minmax, percentile:P with 50 < P <= 100, or kl)\n",
                a + 21);
        free(rest);
        goto out;
      }
      method_given = true;
    } else if (strcmp(a, "--io=int8") == 0 || strcmp(a, "--io=float") == 0) {
      qo.io_int8 = a[5] == 'i';
      io_given = true;
    } else if (strncmp(a, "--io=", 5) == 0) {
      fprintf(stderr, "msc: error: unknown --io=%s (float or int8)\n", a + 5);
      free(rest);
      goto out;
    } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) job.cfg.verbose = true;
    else if (strncmp(a, "--input-shape=", 14) == 0 || (strcmp(a, "--input-shape") == 0 && i + 1 < argc)) {
      char serr[512];
      if (!mindir_parse_input_shape(a[13] == '=' ? a + 14 : argv[++i], &shapes, &nshapes, serr, sizeof serr)) {
        fprintf(stderr, "msc: error: %s\n", serr);
        free(rest);
        goto out;
      }
    } else if (cg_compile_option(&copts, a)) continue;
    else if (limit_arg(a)) {
      if (!limit_ok) {
        free(rest);
        goto out;
      }
    } else if (strcmp(a, "-") == 0 || a[0] != '-') rest[nrest++] = argv[i];
    else {
      fprintf(stderr, "msc: error: unknown option '%s' for 'msc compile'\n", a);
      print_usage(stderr);
      free(rest);
      goto out;
    }
  }
  {
    char cerr[512];
    if (!cg_compile_options_check(&copts, cerr, sizeof cerr)) {
      fprintf(stderr, "msc: error: %s\n", cerr);
      free(rest);
      goto out;
    }
  }
  /* the script's own run (reference executor) records each graph as
   * captured, at its level, without passes: the library's entries then go
   * through the whole pipeline once, with the dumps and reports (aot.c) */
  job.cfg.compile.level = copts.level;
  job.cfg.compile.no_passes = true;
  job.cfg.compile.max_loop_iterations = copts.max_loop_iterations;
  ao.compile = &copts;
  if (copts.memory_report) ao.memory_report = stderr;
  for (int k = 0; k < nrest; k++) argv[k] = rest[k];
  argc = nrest;
  i = 0;
  free(rest);
  if (!quantize && (calib_path || method_given || io_given)) {
    fprintf(stderr, "msc: error: %s applies with --quantize=int8\n",
            calib_path ? "--calibration" : method_given ? "--calibration-method" : "--io");
    goto out;
  }
  if (quantize) {
    ao.quant = &qo;
    if (calib_path) {
      char nerr[1024];
      if (!npyio_read_file(calib_path, &calib, &ncalib, nerr, sizeof nerr)) {
        fprintf(stderr, "msc: error: --calibration=%s: %s\n", calib_path, nerr);
        status = 1;
        goto out;
      }
      if (ncalib == 0) {
        fprintf(stderr, "msc: error: --calibration=%s: no arrays in the file\n", calib_path);
        status = 1;
        goto out;
      }
      calib_t = calloc((size_t)ncalib, sizeof(AotTensor));
      calib_names = calloc((size_t)ncalib, sizeof(char *));
      for (int k = 0; k < ncalib; k++) {
        calib_t[k] = (AotTensor){calib[k].dt, calib[k].ndim, calib[k].shape, calib[k].data,
                                 (size_t)calib[k].size * msrt_dtype_size(calib[k].dt)};
        calib_names[k] = calib[k].name;
      }
      ao.calib_path = calib_path;
      ao.ncalib = ncalib;
      ao.calib = calib_t;
      ao.calib_name = calib_names;
    }
  }
  if (i == argc) {
    fprintf(stderr, "msc: error: 'msc compile' needs a script\n");
    print_usage(stderr);
    goto out;
  }
  if (!ao.dir || !*ao.dir) {
    fprintf(stderr, "msc: error: 'msc compile' needs an output directory (-o DIR)\n");
    goto out;
  }
  stem = script_stem(argv[i]);
  base = strdup(argv[i]);
  {
    const char *b = strrchr(argv[i], '/');
    free(base);
    base = strdup(b ? b + 1 : argv[i]);
  }
  if (!ao.name) ao.name = stem;
  if (!*ao.name) {
    fprintf(stderr, "msc: error: --name needs a name\n");
    goto out;
  }
  ao.source = base;
  ao.entries = entries;
  ao.nentries = nentries;
  if (is_mindir(argv[i])) { /* a MindIR file: no script runs */
    if (argc - i > 1) {
      fprintf(stderr, "msc: error: '%s' is a MindIR file: it takes no arguments ('%s')\n", argv[i], argv[i + 1]);
      goto out;
    }
    status = compile_mindir(argv[i], &ao, shapes, nshapes);
    goto out;
  }
  if (nshapes) {
    fprintf(stderr, "msc: error: --input-shape applies to a MindIR file (model.mindir), not to a script\n");
    goto out;
  }
  job.argc = argc - i;
  job.argv = argv + i;
  job.aot = &ao;
  status = run_job(&job);
out:
  npyio_free(calib, ncalib);
  free(calib_t);
  free(calib_names);
  for (int k = 0; k < nshapes; k++) free((char *)shapes[k].name);
  free(shapes);
  graph_records_free(&recs);
  free(entries);
  free(stem);
  free(base);
  return status;
}

int msc_threads_init(void); /* threads.c: MSC_NUM_THREADS */

int main(int argc, char **argv) {
#ifdef __GLIBC__
  /* Blocks up to 16 MB from the heap, and freed memory kept up to 64 MB:
   * a block from mmap, or heap pages given back, are zero pages to fault
   * in again on their next use, and on a VM a fault costs microseconds
   * (the C text of a 2000-node graph, built in growing buffers, faulted
   * in for a quarter of its emission time: codegen 6.1 -> 5.0 ms). */
  mallopt(M_MMAP_THRESHOLD, 16 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
  if (msc_threads_init() != 0) return 2;
  if (argc < 2) {
    print_usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    print_usage(stdout);
    return 0;
  }
  if (strcmp(cmd, "--version") == 0) {
    printf("msc %s\n", MSC_VERSION);
    return 0;
  }
  if (strcmp(cmd, "run") == 0) return cmd_run(argc - 2, argv + 2);
  if (strcmp(cmd, "compile") == 0) return cmd_compile(argc - 2, argv + 2);
  if (strcmp(cmd, "opt") == 0) return cg_opt_main(argc - 1, argv + 1);
  fprintf(stderr, "msc: error: unknown command '%s'\n", cmd);
  print_usage(stderr);
  return 2;
}
