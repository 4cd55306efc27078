#!/usr/bin/env bash
# corpus.sh MSC [MSC RUN OPTIONS...] — the conformance corpus of issue 19
# (tests/corpus/): MindSpore doc examples run unmodified through `msc run`.
#
# Each NAME.py is run as `MSC run [OPTIONS] NAME.py`; its stdout is held
# against NAME.expected (the doc's printed output: the text compared with all
# whitespace removed, since the pages lose and add indentation; numbers
# exactly as printed, except for an example with a NAME.numeric file, whose
# numbers are compared as values within a relative tolerance of 1e-5, as
# ../shared/tools/seed-conformance.sh compares them; the file says why the
# page's text cannot be matched), or, for NAME.status
# (nondeterministic output; the file says why), only the exit status 0.
# Examples named in tests/corpus/KNOWN_FAILURES (one name and its reason a
# line) are run and reported but are not counted as failures.
# Prints one line per example that does not pass, then
#   corpus: P of N examples pass (K known failures)
# and last "P passed, F failed" (F: unexpected failures).
# CORPUS_SAMPLE=K/D (run-tests.sh's SAN_SAMPLE in the sanitizer pass) runs
# the examples whose position i (0-based, in name order) has
# (i + CORPUS_SEED) % D < K: a fixed share, the same on every run.
set -u
[ $# -ge 1 ] || { echo "usage: $0 MSC [RUN OPTIONS...]" >&2; exit 2; }
msc=$1; shift
here=$(cd "$(dirname "$0")/../tests/corpus" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0; known=0; n=0; i=-1
sk=1 sd=1 seed=${CORPUS_SEED:-1} stag=""
if [ -n "${CORPUS_SAMPLE:-}" ]; then
  sk=${CORPUS_SAMPLE%/*} sd=${CORPUS_SAMPLE#*/}
  case "$sk$sd" in ''|*[!0-9]*) echo "corpus: bad CORPUS_SAMPLE=$CORPUS_SAMPLE (want K/D)" >&2; exit 2 ;; esac
  [ "$sd" -gt 0 ] || { echo "corpus: bad CORPUS_SAMPLE=$CORPUS_SAMPLE (want K/D)" >&2; exit 2; }
  stag=" (a sample: $CORPUS_SAMPLE of them, seed $seed)"
fi
numeq() {  # numeq EXPECTED ACTUAL TOLERANT(0/1)
  /usr/bin/python3 - "$1" "$2" "$3" <<'PY'
import re, sys
num = re.compile(r'[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|inf')
a, b = (open(p).read() for p in sys.argv[1:3])
if sys.argv[3] != '1':
    sys.exit(0 if ''.join(a.split()) == ''.join(b.split()) else 1)
ta, tb = num.split(a), num.split(b)
na, nb = num.findall(a), num.findall(b)
if [''.join(t.split()) for t in ta] != [''.join(t.split()) for t in tb] or len(na) != len(nb):
    sys.exit(1)
for x, y in zip(na, nb):
    x, y = float(x), float(y)
    if x != y and not abs(x - y) <= 1e-6 + 1e-5 * abs(x):
        sys.exit(1)
PY
}
for py in "$here"/*.py; do
  name=$(basename "$py" .py)
  i=$((i + 1))
  [ $(((i + seed) % sd)) -lt "$sk" ] || continue
  n=$((n + 1))
  timeout 120 "$msc" run "$@" "$py" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc != 0 ]; then
    verdict="FAIL (exit status $rc: $(grep -m1 -E 'error:' "$tmp/err" | cut -c1-200))"
  elif [ -f "$here/$name.expected" ]; then
    tolerant=0; [ -f "$here/$name.numeric" ] && tolerant=1
    if numeq "$here/$name.expected" "$tmp/out" $tolerant; then verdict=ok
    else verdict="FAIL (output differs: $(diff "$here/$name.expected" "$tmp/out" | grep -m1 '^>' | cut -c1-120))"; fi
  elif [ -f "$here/$name.status" ]; then
    verdict=ok
  else
    verdict="FAIL (no $name.expected or $name.status)"
  fi
  if [ "$verdict" = ok ]; then
    pass=$((pass + 1))
  elif grep -q "^$name " "$here/KNOWN_FAILURES" 2>/dev/null; then
    known=$((known + 1)); echo "$name: known failure: $verdict"
  else
    fail=$((fail + 1)); echo "$name: $verdict"
  fi
done
echo "corpus: $pass of $n examples pass ($known known failures)$stag"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
