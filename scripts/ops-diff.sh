#!/bin/sh
# ops-diff.sh BUILD_DIR — the numpy-differential test of every primitive in
# ir/ops.def (tests/ops/opsdiff.py): runs each op in msc and in Debian's
# numpy on the same inputs and compares. Ends with "N passed, N failed";
# exit status 1 if anything failed.
set -e
cd "$(dirname "$0")/.."
exec /usr/bin/python3 tests/ops/opsdiff.py "${1:-build}" ${2:+"$@"}
