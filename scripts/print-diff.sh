#!/usr/bin/env bash
# print-diff.sh BUILD_DIR — the numpy-differential test of runtime printing.
#
# Builds tests/print/print_driver.c + runtime/print.c into
# BUILD_DIR/tests/print/print_driver (C99, the runtime's warning set), then
# runs tests/print/print_diff.py, which generates a few thousand arrays with
# Debian's numpy, prints each with the driver and compares byte for byte
# against numpy's str() and MindSpore's graph-mode forms. The last line is
# "N passed, N failed"; the exit status is non-zero if anything failed.
# CC (default cc) and EXTRA_CFLAGS (e.g. -fsanitize=address,undefined) are
# taken from the environment.
set -u
[ $# -ge 1 ] || { echo "usage: $0 BUILD_DIR [print_diff.py options]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
build=$1
shift
case $build in /*) ;; *) build=$root/$build ;; esac
out=$build/tests/print
mkdir -p "$out" || exit 2
CC=${CC:-cc}
flags="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O2 -g"
# shellcheck disable=SC2086
$CC $flags ${EXTRA_CFLAGS:-} -I"$root" -o "$out/print_driver" \
    "$root/tests/print/print_driver.c" "$root/runtime/print.c" -lm ||
  { echo "print-diff: build failed"; echo "0 passed, 1 failed"; exit 1; }
exec /usr/bin/python3 "$root/tests/print/print_diff.py" "$out/print_driver" "$out" "$@"
