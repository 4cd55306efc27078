# lit configuration for msc's golden tests.
#
# Run from the repository root (scripts/run-tests.sh does this):
#   /usr/bin/python3 /usr/lib/llvm-14/build/utils/lit/lit.py -sv -j2 \
#       --param msc=build/msc tests/
#
# Every test is one file that carries its own RUN and CHECK lines
# (LLVM TestingGuide). The RUN lines execute under bash (external shell) with
# pipefail, so `$?`, `;` and `test` work and `not` is LLVM's `not` binary,
# which FAILS when the command it negates was killed by a signal.
#
# Substitutions:
#   %msc        the checked msc: tests/lit-tools/msc-checked wrapping the
#               msc binary (param `msc`, else $MSC, else build/msc). Use it for
#               every run of a script.
#   %msc-raw    the bare binary (only for tests of the CLI itself, e.g. exact
#               argv[0]-free messages; prefer %msc).
#   %python     Debian's /usr/bin/python3: the independent reference whose
#               output the language tests diff against (never the python3
#               that happens to be first on PATH).
#   %shared     the shared docs/examples directory (param `shared`, else
#               $MSC_SHARED, else ../shared next to the repository).
#   %S, %s, %t  lit's standard ones.
#
# Leak and sanitizer checking (the convention). MSC_CHECK_LEAKS=1 is set for
# every test, so msc reports refcount leaks on stderr at exit. %msc is a
# wrapper that passes msc's stdout, stderr and exit status through unchanged,
# except that when msc's stderr contains a refcount-leak report ("objects
# leaked") or a sanitizer report (AddressSanitizer, LeakSanitizer,
# UndefinedBehaviorSanitizer), or msc was killed by a signal or ran longer
# than $MSC_TEST_TIMEOUT seconds (default 60), the wrapper reports that and
# kills itself with SIGABRT. A RUN line `%msc ...` then fails, and so does
# `not %msc ...` (LLVM's not treats a signal death as failure). The only
# visible difference from a bare run is that msc's stderr is emitted after
# msc exits (stdout first), which is also the order msc itself uses.
#
# Tests of runtime errors additionally pin the exact exit status:
#   # RUN: %msc run %s 2>/dev/null; test $? -eq 1

import os

import lit.formats

config.name = 'msc'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.py', '.mir']
# Directories and files that hold no tests. A helper script with a test
# suffix must be listed here (or in its directory's lit.local.cfg with
# config.excludes.add(NAME)), or be put in an Inputs/ directory; otherwise lit
# reports it UNRESOLVED ("Test has no 'RUN:' line"), which fails the suite.
config.excludes = {'lit.cfg.py', 'lit.local.cfg', 'Inputs', 'lit-tools',
                   'unit', 'Output',
                   # numpy-differential harnesses, run by scripts/run-tests.sh
                   # through scripts/{print,kernel,ops}-diff.sh:
                   'print_diff.py', 'kernel_diff.py', 'opsdiff.py',
                   }
config.pipefail = True

here = os.path.dirname(os.path.abspath(__file__))
repo = os.path.dirname(here)
config.test_source_root = here


def _param(name, env, default):
    v = lit_config.params.get(name) or os.environ.get(env) or default
    return os.path.abspath(v)


msc = _param('msc', 'MSC', os.path.join(repo, 'build', 'msc'))
shared = _param('shared', 'MSC_SHARED', os.path.join(repo, '..', 'shared'))
if not os.path.exists(msc):
    lit_config.warning('msc binary not found: %s (build it, or pass '
                       '--param msc=PATH)' % msc)

# Outputs (%t) live beside the binary under test, never in the source tree.
config.test_exec_root = os.path.join(os.path.dirname(msc), 'lit-out')

# %msc runs msc under msc-checked (tests/lit-tools/msc-checked.c, built
# beside msc by the Makefile's `all`): a sanitizer or leak report, a signal
# or a timeout fails the test even under `not`.
wrapper = os.path.join(os.path.dirname(msc), 'msc-checked')
if not os.path.exists(wrapper):
    lit_config.fatal('%s not built (make %s)' % (wrapper, os.path.relpath(wrapper, repo)))
# Longer names first: lit substitutes in list order, by prefix.
config.substitutions.append(('%msc-raw', msc))
config.substitutions.append(('%msc-checked', wrapper))
# msc opt linked from the compiler's core alone (no interpreter): the
# layering check's binary, beside msc (Makefile: msc-opt-core).
config.substitutions.append(('%msc-opt-core', msc + '-opt-core'))
config.substitutions.append(('%msc', '%s %s' % (wrapper, msc)))
config.substitutions.append(('%python', '/usr/bin/python3'))
config.substitutions.append(('%shared', shared))

# Tools: FileCheck, not, count from LLVM 14 first on PATH.
llvm_bin = '/usr/lib/llvm-14/bin'
path = [llvm_bin, '/usr/local/bin', '/usr/bin', '/bin']
# The compiler cache of one test run (tests/lit-tools/cc-cache): with
# MSC_TEST_CC_CACHE=DIR (scripts/run-tests.sh sets it), DIR/bin holds shims
# for cc, gcc, clang and arm-none-eabi-gcc that answer a compilation of C
# already compiled in this run (the same preprocessed text, options and
# compiler) from the cache, and run the compiler otherwise.
cc_cache = os.environ.get('MSC_TEST_CC_CACHE')
if cc_cache and os.path.isdir(os.path.join(cc_cache, 'bin')):
    path.insert(0, os.path.join(cc_cache, 'bin'))
config.environment['PATH'] = os.pathsep.join(
    path + [p for p in os.environ.get('PATH', '').split(os.pathsep)
            if p and p not in path])
for var in ('ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS', 'MSC_LIB_PATH',
            'MSC_TEST_TIMEOUT', 'TMPDIR', 'HOME', 'MSC_CACHE_DIR', 'XDG_CACHE_HOME', 'CC',
            'MSC_TEST_CC_CACHE'):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment['MSC_CHECK_LEAKS'] = '1'
# A JIT'd graph's packed copy of a Parameter (eval/graph.c packed_param) is
# compared with a fresh packing of the Parameter on every reuse: a write
# that does not move the Parameter's version stops msc in any test.
config.environment['MSC_CHECK_PACKED'] = '1'
# Scripts must not see the developer's locale or Python settings.
config.environment['LC_ALL'] = 'C.UTF-8'
config.environment['PYTHONHASHSEED'] = '0'
config.environment['PYTHONDONTWRITEBYTECODE'] = '1'
config.environment['PYTHONIOENCODING'] = 'utf-8'
# numpy's OpenBLAS starts a thread per core at import, each with its own
# zeroed buffers: ~0.12 s of cpu per `import numpy`, and the suite's
# references import it a few hundred times. The tests' arrays are small.
config.environment['OPENBLAS_NUM_THREADS'] = '1'
config.environment['OMP_NUM_THREADS'] = '1'
