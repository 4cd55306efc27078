#!/bin/sh
# truncate-test.sh MSC [FILE_OR_DIR...] — msc must never crash or hang on a
# truncated script.
#
# Every .py file under tests/ and ../shared/seed-examples (or under the given
# files/directories) is cut at every 7th byte offset (0, 7, 14, ... < size);
# each cut is run as `MSC run --syntax-only CUT` under a 5 s timeout, two at
# a time. Exit statuses 0 and 1 are fine (a truncated script is usually a
# syntax error). A case fails when msc times out, dies of a signal, exits with
# any other status, or prints a sanitizer report. Prints how many cases ran
# and the failing ones (with a copy kept under $TMPDIR for reproduction);
# exits 1 if any failed.
#
# TRUNCATE_STRIDE=N runs only every Nth case (deterministic sample; default 1
# = all), for slow builds; TRUNCATE_JOBS sets the parallelism (default 2).
set -u
[ $# -ge 1 ] || { echo "usage: $0 MSC [FILE_OR_DIR...]" >&2; exit 2; }
msc=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -eq 0 ]; then
  set -- "$root/tests"
  [ -d "${MSC_SHARED:-$root/../shared}/seed-examples" ] &&
    set -- "$@" "${MSC_SHARED:-$root/../shared}/seed-examples"
fi
exec /usr/bin/python3 - "$msc" "$@" <<'PY'
import os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

STEP, TIMEOUT, JOBS = 7, 5, int(os.environ.get('TRUNCATE_JOBS', '2'))
STRIDE = max(1, int(os.environ.get('TRUNCATE_STRIDE', '1')))
SAN = re.compile(rb'ERROR: (AddressSanitizer|LeakSanitizer)|'
                 rb'SUMMARY: \w+Sanitizer|: runtime error: ')
msc, roots = os.path.abspath(sys.argv[1]), sys.argv[2:]

files = []
for r in roots:
    if os.path.isfile(r):
        files.append(r)
        continue
    for d, dirs, names in os.walk(r):
        dirs[:] = sorted(x for x in dirs if x not in ('Output', 'lit-out'))
        files += [os.path.join(d, n) for n in sorted(names) if n.endswith('.py')]

tmp = tempfile.mkdtemp(prefix='msc-truncate.')
cases = []
k = -1
for i, f in enumerate(files):
    data = open(f, 'rb').read()
    for off in range(0, len(data), STEP):
        k += 1
        if k % STRIDE:
            continue
        p = os.path.join(tmp, '%d_%d.py' % (i, off))
        with open(p, 'wb') as out:
            out.write(data[:off])
        cases.append((f, off, p))

def run(case):
    f, off, p = case
    try:
        r = subprocess.run([msc, 'run', '--syntax-only', p], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return case, 'timed out after %d s (status 124)' % TIMEOUT
    if r.returncode < 0:
        return case, 'killed by signal %d' % -r.returncode
    if SAN.search(r.stderr):
        return case, 'sanitizer report: ' + r.stderr.decode('utf-8', 'replace')[-800:]
    if r.returncode not in (0, 1):
        return case, 'exit status %d: %s' % (r.returncode, r.stderr.decode('utf-8', 'replace')[-300:])
    os.unlink(p)
    return case, None

bad = []
with ThreadPoolExecutor(JOBS) as ex:
    for case, why in ex.map(run, cases):
        if why:
            bad.append((case, why))
for (f, off, p), why in bad[:30]:
    print('truncate: FAIL %s cut at byte %d (%s): %s' % (f, off, p, why.strip()))
if not bad:
    try:
        os.rmdir(tmp)
    except OSError:
        pass
print('truncate: %d cases from %d files%s, %d failed' % (
    len(cases), len(files), ' (every %dth case)' % STRIDE if STRIDE > 1 else '', len(bad)))
sys.exit(1 if bad else 0)
PY
