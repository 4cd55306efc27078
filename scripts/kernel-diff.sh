#!/usr/bin/env bash
# kernel-diff.sh BUILD_DIR — the numpy-differential test of the runtime's
# kernels (runtime/kernels.c, runtime/gemm.c).
#
# Builds tests/kernels/kernel_driver.c + the runtime (BUILD_DIR/runtime's
# objects when make built them up to date, else runtime/*.c; see below) into
# BUILD_DIR/tests/kernels/kernel_driver (C99, the runtime's warning set),
# then runs tests/kernels/kernel_diff.py, which generates the cases with
# Debian's numpy, runs them through the driver and compares (exact, or
# within the ulp / error-bound tolerances listed in kernel_diff.py). The
# last line is "N passed, N failed"; the exit status is non-zero if
# anything failed. CC (default cc) and EXTRA_CFLAGS (e.g.
# -fsanitize=address,undefined) are taken from the environment; further
# arguments go to kernel_diff.py (--seed N, --show N, --only KIND).
set -u
[ $# -ge 1 ] || { echo "usage: $0 BUILD_DIR [kernel_diff.py options]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
build=$1
shift
case $build in /*) ;; *) build=$root/$build ;; esac
out=$build/tests/kernels
mkdir -p "$out" || exit 2
CC=${CC:-cc}
# The runtime: the objects make built in BUILD_DIR/runtime (the runtime msc
# itself links, compiled with the same standard and warnings as below, -O2 in
# a plain build, -O1 in a sanitizer build) when they are up to date (every
# dependency of their .d file older) and instrumented as EXTRA_CFLAGS asks;
# otherwise the sources, compiled here. Compiling kernels.c again under
# ASan/UBSan took ~30 s of the sanitizer pass for nothing new.
runtime_inputs() { # runtime_inputs NAME...: prints what to link, one per line
  local n o dep want=0 have
  case " ${EXTRA_CFLAGS:-} " in *" -fsanitize="*) want=1 ;; esac
  for n; do
    o=$build/runtime/$n.o
    [ -f "$o" ] && [ -f "$build/runtime/$n.d" ] || { reuse=0; break; }
    for dep in $(sed -e ':a' -e '/\\$/{N;s/\\\n//;ta' -e '}' -e 's/^[^:]*://' -e q "$build/runtime/$n.d"); do
      [ "$root/$dep" -nt "$o" ] && reuse=0
    done
    have=0; grep -q -a __asan_init "$o" && have=1
    [ $have = $want ] || reuse=0
  done
  for n; do
    if [ "$reuse" = 1 ]; then echo "$build/runtime/$n.o"; else echo "$root/runtime/$n.c"; fi
  done
}
reuse=1
mapfile -t rt < <(runtime_inputs kernels gemm print dtype)
flags="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wmissing-prototypes -Wstrict-prototypes -Werror -O2 -g"
# The driver is a test program: it uses stdio and malloc, so it is built
# without the runtime-only -Wmissing-prototypes concern but the same rest.
# shellcheck disable=SC2086
$CC $flags ${EXTRA_CFLAGS:-} -I"$root" -o "$out/kernel_driver" \
    "$root/tests/kernels/kernel_driver.c" "${rt[@]}" -lm ||
  { echo "kernel-diff: build failed"; echo "0 passed, 1 failed"; exit 1; }
exec /usr/bin/python3 "$root/tests/kernels/kernel_diff.py" "$out/kernel_driver" "$out" "$@"
