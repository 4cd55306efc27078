#!/bin/sh
# graph-diff.sh BUILD_DIR [ARGS...] — the Graph-vs-PyNative differential test
# (tests/graph/graphdiff.py): every primitive of ir/ops.def applied inside an
# @ms.jit function to symbolic Tensor inputs, extra jit cases (Python
# scalars, constants, tuple results, the mindspore.ops API) and the model
# scripts (samples/, tests/graph/models/, the graph/jit seed examples), each
# run with --mode=pynative, --backend=cc and --backend=ref and compared
# (op results bit-exact; model stdout token by token, numbers within 1e-5).
# Uses a private JIT cache per run. Extra ARGS go to graphdiff.py (-k OP,
# -v, -j N, --ways=..., --levels=O0,O1,O2: cc and ref once per -O level,
# --cache-dir=DIR). Ends with "N passed, N failed";
# exit status 1 if anything failed.
set -e
cd "$(dirname "$0")/.."
b=${1:-build}
[ $# -gt 0 ] && shift
exec /usr/bin/python3 tests/graph/graphdiff.py "$b" "$@"
