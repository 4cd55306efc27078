#!/bin/sh
# ops-diff.sh BUILD_DIR [ARGS...] — the numpy-differential test of every
# primitive in ir/ops.def (tests/ops/opsdiff.py): runs each op in msc and in
# Debian's numpy on the same inputs and compares. Extra ARGS go to opsdiff.py
# (-k OP, -v, -j N: msc runs at a time, default 2; --sample=K/N --seed=S: a
# fixed-seed sample of the ops). Ends with "N passed, N failed"; exit status
# 1 if anything failed.
set -e
cd "$(dirname "$0")/.."
b=${1:-build}
[ $# -gt 0 ] && shift
exec /usr/bin/python3 tests/ops/opsdiff.py "$b" "$@"
