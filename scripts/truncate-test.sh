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
# exits 1 if any failed. The cuts are written one at a time into a file per
# running msc (not all ~120k of them first), and msc is started with
# posix_spawn and waited for through a pidfd: the harness costs little
# beside msc's own start-up.
#
# TRUNCATE_CASES=N runs about N cases, every Kth with K the smallest stride
# that gives at most N (a deterministic sample whose cost does not grow with
# the test suite; run-tests.sh sets it); it overrides
# TRUNCATE_STRIDE=N, which runs only every Nth case (deterministic sample; default 1
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
import os, re, select, signal, sys, tempfile, time

STEP, TIMEOUT, JOBS = 7, 5, max(1, int(os.environ.get('TRUNCATE_JOBS', '2')))
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

every = [(i, off) for i, f in enumerate(files) for off in range(0, os.path.getsize(f), STEP)]
if int(os.environ.get('TRUNCATE_CASES', '0')) > 0:
    STRIDE = max(1, -(-len(every) // int(os.environ['TRUNCATE_CASES'])))
cases = every[::STRIDE]  # (file index, offset): every 7th byte offset, every STRIDE-th case

# JOBS slots, each with its own script file (rewritten for every case it
# runs) and stderr file; msc is started with posix_spawn and waited for
# through a pidfd, so the harness costs little beside msc's own start-up
# (122k cases in the plain pass).
tmp = tempfile.mkdtemp(prefix='msc-truncate.')
devnull = os.open(os.devnull, os.O_RDWR)
env = dict(os.environ)
slots = []
for j in range(JOBS):
    d = os.path.join(tmp, 'slot%d' % j)
    os.mkdir(d)
    script = os.path.join(d, 'cut.py')
    slots.append({'script': script, 'fd': os.open(script, os.O_WRONLY | os.O_CREAT, 0o644),
                  'err': os.path.join(d, 'stderr'), 'pid': None})
data_of = {}

def data(i):
    if i not in data_of:
        data_of.clear()  # cases come file by file
        with open(files[i], 'rb') as f:
            data_of[i] = f.read()
    return data_of[i]

def start(slot, case):
    i, off = case
    os.ftruncate(slot['fd'], 0)
    os.pwrite(slot['fd'], data(i)[:off], 0)
    pid = os.posix_spawn(msc, [msc, 'run', '--syntax-only', slot['script']], env, file_actions=[
        (os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
        (os.POSIX_SPAWN_OPEN, 2, slot['err'], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)])
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None  # no pidfd (old kernel): polled below
    slot.update(pid=pid, pidfd=pidfd, case=case, deadline=time.monotonic() + TIMEOUT)

def verdict(slot, status):
    """None, or why the case failed."""
    if status is None:
        return 'timed out after %d s (status 124)' % TIMEOUT
    if os.WIFSIGNALED(status):
        return 'killed by signal %d' % os.WTERMSIG(status)
    with open(slot['err'], 'rb') as f:
        err = f.read()
    if SAN.search(err):
        return 'sanitizer report: ' + err.decode('utf-8', 'replace')[-800:]
    rc = os.WEXITSTATUS(status)
    if rc not in (0, 1):
        return 'exit status %d: %s' % (rc, err.decode('utf-8', 'replace')[-300:])
    return None

bad = []

def finish(slot, status):
    why = verdict(slot, status)
    if why:
        i, off = slot['case']
        keep = os.path.join(tmp, '%d_%d.py' % (i, off))
        with open(keep, 'wb') as f:
            f.write(data(i)[:off])
        bad.append(((i, off), (files[i], off, keep), why))
    if slot['pidfd'] is not None:
        os.close(slot['pidfd'])
    slot['pid'] = None

todo = iter(cases)
running = 0
for slot in slots:
    c = next(todo, None)
    if c is None:
        break
    start(slot, c)
    running += 1
while running:
    busy = [s for s in slots if s['pid'] is not None]
    now = time.monotonic()
    wait = max(0.0, min(s['deadline'] for s in busy) - now)
    fds = [s['pidfd'] for s in busy if s['pidfd'] is not None]
    if len(fds) == len(busy):
        select.select(fds, [], [], wait)
    else:
        time.sleep(min(wait, 0.0005))
    for s in busy:
        pid, status = os.waitpid(s['pid'], os.WNOHANG)
        if pid == 0:
            if time.monotonic() < s['deadline']:
                continue
            os.kill(s['pid'], signal.SIGKILL)
            os.waitpid(s['pid'], 0)
            status = None
        finish(s, status)
        running -= 1
        c = next(todo, None)
        if c is not None:
            start(s, c)
            running += 1

bad.sort()  # in case order, whichever finished first
for _, (f, off, p), why in bad[:30]:
    print('truncate: FAIL %s cut at byte %d (%s): %s' % (f, off, p, why.strip()))
for s in slots:
    os.close(s['fd'])
    for x in (s['script'], s['err']):
        if os.path.exists(x):
            os.unlink(x)
    os.rmdir(os.path.dirname(s['script']))
if not bad:
    os.rmdir(tmp)
print('truncate: %d cases from %d files%s, %d failed' % (
    len(cases), len(files), ' (every %dth case)' % STRIDE if STRIDE > 1 else '', len(bad)))
sys.exit(1 if bad else 0)
PY
