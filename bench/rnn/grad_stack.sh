#!/bin/sh
# grad_stack.sh MSC — the cost of a while loop's gradient against its trip
# count (issue 16): grad_stack.py at 1000 and 4000 steps in Graph mode. The
# saved-state stacks are updated in place, so 4x the steps should cost about
# 4x the time (it was 10x and more when each iteration copied its stacks).
# Never part of `make test`.
set -eu
msc=$1
here=$(cd "$(dirname "$0")" && pwd)
a=$("$msc" run --max-loop-iterations=1000 "$here/grad_stack.py" 1000)
b=$("$msc" run --max-loop-iterations=4000 "$here/grad_stack.py" 4000)
/usr/bin/python3 - "$a" "$b" <<'PY'
import sys
a, b = (float(s.split()[0]) for s in sys.argv[1:3])
print('while-loop gradient: 1000 steps %.2f ms, 4000 steps %.2f ms: %.1fx for 4x the steps (linear: 4x)' % (a, b, b / a))
PY
