#!/usr/bin/env bash
# coverage.sh BUILD_COV_DIR — `make coverage` (after building with
# COVERAGE=1: -O0 --coverage into build-cov/).
#
# Runs the unit tests and the lit suite with that build (but the lit tests
# that never run msc, scripts/lit-msc-free.sh), then reads gcov's
# JSON output and reports:
#  (a) grammar-rule coverage: every action in the rules section of
#      frontend/parser.y (each rule has its own action) must have run at
#      least once. bison's #line directives map parser.c back to parser.y,
#      so gcov counts lines of parser.y; an action counts as reduced when any
#      line of it executed. Unreduced rules are listed.
#  (b) diagnostic-site coverage: every line of frontend/*.{c,l,y} and eval/*.c
#      that calls diag_emit( or diag_plain( -- or a wrapper of them such as
#      the frontend's parse_error( -- must have executed. A site counts as
#      executed when the call itself ran, not merely its line: gcov's call
#      data (-b) decides, so `if (bad) parse_error(...);` is not hit by a
#      test that only evaluates `bad`. Sites never executed are listed.
#      rt_raise( sites in eval/ are counted on an informational line (not
#      gating).
# Exemptions: a site no test can reasonably reach carries, on its line,
#      /* coverage: exempt — REASON */
# (a reason is required). It is listed under "exempt" with its reason, left
# out of the total and never counted as hit. Use it sparingly: today only
# "file too large" in frontend/parse_util.c (needs a >= 2 GiB script).
# Generated sources: gcov maps lexer.c/parser.c back to lexer.l/parser.y by
# their #line directives; flex 2.6.4's are one line late from the rules
# section on, so each directive is checked against the .l/.y text and
# corrected (see line_remap below).
# Prints both percentages; exits 1 if either is below 100% (exit 2 if the
# coverage data is missing). COVERAGE_SKIP_RUN=1 reuses existing .gcda data
# (with COVERAGE_HELD=FILE: lit tests not yet run, run as below if needed).
#
# COVERAGE_LIT_TIMES=FILE (scripts/run-tests.sh passes the plain build's
# lit-out/.lit_test_times.txt): the slowest lit tests of that file, each
# taking >= 1% of its total time (msc compile's libraries under gcc and
# clang, the training loops: ~80% of the suite's time, little of the
# frontend), are held back; when the gate does not hold without them they
# run too, the quickest first, in batches of 1, 2, 4, ..., until it holds or
# all have run. Coverage only grows with more tests, so the verdict is the
# one the whole suite gives; the first line says what was held back and
# what was needed.
set -u
[ $# -ge 1 ] || { echo "usage: $0 BUILD_COV_DIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
b=${1%/}
[ -x "$b/msc" ] || { echo "coverage: $b/msc not built (make coverage builds it)" >&2; exit 2; }
msc_abs=$(case $b in /*) echo "$b" ;; *) echo "$root/$b" ;; esac)/msc
lit_cov() { # lit_cov LIT OPTIONS...: lit on tests/ with build-cov's msc, quietly
  /usr/bin/python3 /usr/lib/llvm-14/build/utils/lit/lit.py -q -j2 "$@" \
      --param msc="$msc_abs" tests >/dev/null 2>&1
}
names_re() { printf ':: (%s)$' "$(printf '%s\n' "$@" | sed 's/[.]/[.]/g' | paste -sd'|')"; }
analyse() { # prints the figures; status 0 (100%), 1 (below) or 2 (no data)
/usr/bin/python3 - "$b" <<'PY'
import glob, os, re, subprocess, sys

b = sys.argv[1]

def line_remap(gen):
    """{source path: {line gcov reports: true line}} for a generated C file.

    gcov trusts the #line directives of flex/bison output, but flex 2.6.4
    numbers the actions of the rules section and the user-code section one
    line too far down (its `%%` line counting is off by one). Each directive
    is checked against the source it names: the first non-blank C line after
    it must be that source's line N (+ its offset); when it is found at a
    nearby line instead, the whole region up to the next directive is moved
    by that delta. Regions whose text cannot be matched (bison rewrites $$ and
    $n in actions) keep the delta of the previous region of the same file,
    0 at first -- bison's directives are exact."""
    try:
        c = open(gen, encoding='utf-8', errors='replace').read().split('\n')
    except OSError:
        return {}
    dirs = [(i, int(m.group(1)), os.path.normpath(m.group(2)))
            for i, t in enumerate(c)
            for m in [re.match(r'\s*#\s*line\s+(\d+)\s+"([^"]+)"', t)] if m]
    srcs, prev, remap = {}, {}, {}
    for k, (i, n, path) in enumerate(dirs):
        if path not in srcs:
            srcs[path] = (open(path, encoding='utf-8', errors='replace').read().split('\n')
                          if os.path.exists(path) and not path.startswith(b + os.sep) else None)
        src = srcs[path]
        if src is None:
            continue
        end = dirs[k + 1][0] if k + 1 < len(dirs) else len(c)
        delta = prev.get(path, 0)
        j = i + 1
        while j < end and not c[j].strip():
            j += 1
        if j < end:
            want = c[j].strip()
            at = n + (j - i - 1)
            cands = [d for d in range(-3, 4)
                     if 1 <= at + d <= len(src) and src[at + d - 1].strip() == want]
            if cands and delta not in cands:
                delta = min(cands, key=abs)
        prev[path] = delta
        m = remap.setdefault(path, {})
        for line in range(n, n + (end - i - 1)):
            m.setdefault(line, line + delta)
    return {p: m for p, m in remap.items() if any(k != v for k, v in m.items())}

def gcov_counts():
    """({source path (relative to the repo): {line: count}},
        {source path: {line: [executed? for each call on the line]}})
    from gcov's text output with call data (-b). A line such as
    `if (bad) report(...);` runs (count > 0) whenever its condition is
    tested; its calls say whether report() itself ever ran."""
    counts, calls = {}, {}
    jobs = []
    for d in ('frontend', 'eval'):
        for gcno in sorted(glob.glob(os.path.join(b, d, '*.gcno'))):
            stem = os.path.splitext(os.path.basename(gcno))[0]
            src = os.path.join(d, stem + '.c')
            if not os.path.exists(src):
                src = os.path.join(b, d, stem + '.c')  # generated parser.c / lexer.c
            jobs.append((os.path.join(b, d), src))
    line_re = re.compile(r'^\s*(-|#####|=====|\d+)\*?:\s*(\d+):')
    for objdir, src in jobs:
        remap = line_remap(src) if src.startswith(b + os.sep) else {}
        r = subprocess.run(['gcov', '--branch-probabilities', '--stdout', '-o', objdir, src],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        per = pcalls = fix = None
        n = 0
        for text in r.stdout.decode('utf-8', 'replace').splitlines():
            m = line_re.match(text)
            if m:
                n = int(m.group(2))
                if n == 0:
                    src_m = re.match(r'\s*-:\s*0:Source:(.*)$', text)
                    if src_m:
                        name = os.path.normpath(src_m.group(1).strip())
                        fix = remap.get(name, {})
                        per = counts.setdefault(name, {})
                        pcalls = {}
                        calls.setdefault(name, []).append(pcalls)
                    continue
                n = fix.get(n, n)
                if m.group(1) != '-':
                    per[n] = per.get(n, 0) + (int(m.group(1)) if m.group(1).isdigit() else 0)
            elif text.startswith('call ') and per is not None and n:
                pcalls.setdefault(n, []).append('never executed' not in text)
    merged = {}
    for name, runs in calls.items():  # one source in several objects (headers)
        out = merged.setdefault(name, {})
        for run in runs:
            for line, cs in run.items():
                old = out.get(line, [])
                out[line] = [x or y for x, y in zip(cs, old)] + cs[len(old):] if len(cs) >= len(old) \
                    else [x or y for x, y in zip(old, cs)] + old[len(cs):]
    return counts, merged

counts, calls = gcov_counts()
if not counts:
    print('coverage: no gcov data under %s (build with make coverage)' % b)
    sys.exit(2)

def lookup(path):
    return counts.get(os.path.normpath(path), {})

# ---- (a) grammar rules --------------------------------------------------
def parse_actions(text):
    """Actions of the rules section: list of (rule name, first line, last line)."""
    parts = [m.start() for m in re.finditer(r'^%%', text, re.M)]
    if not parts:
        return []
    start = parts[0] + 2
    end = parts[1] if len(parts) > 1 else len(text)
    i, line, depth = start, text.count('\n', 0, start) + 1, 0
    rule, act_start, actions = None, None, []
    ident = re.compile(r'[A-Za-z_.][A-Za-z0-9_.]*')
    while i < end:
        c = text[i]
        if c == '\n':
            line += 1; i += 1; continue
        if text.startswith('/*', i):
            j = text.find('*/', i + 2); j = end if j < 0 else j + 2
            line += text.count('\n', i, j); i = j; continue
        if text.startswith('//', i):
            j = text.find('\n', i); i = end if j < 0 else j; continue
        if c in '"\'':
            j = i + 1
            while j < end and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            i = j + 1; continue
        if c == '{':
            if depth == 0:
                act_start = line
            depth += 1; i += 1; continue
        if c == '}' and depth:
            depth -= 1
            if depth == 0:
                actions.append((rule, act_start, line))
            i += 1; continue
        if depth == 0:
            if c == '<':  # <tag>
                j = text.find('>', i); i = j + 1 if j > 0 else i + 1; continue
            m = ident.match(text, i)
            if m:
                k = m.end()
                while k < end and text[k] in ' \t':
                    k += 1
                if k < end and text[k] == ':' and not text.startswith('::', k):
                    rule = m.group(0)
                i = m.end(); continue
        i += 1
    return actions

ypath = 'frontend/parser.y'
rules_total = rules_hit = 0
unreduced = []
if os.path.exists(ypath):
    ytext = open(ypath, encoding='utf-8', errors='replace').read()
    ylines = ytext.split('\n')
    ycount = lookup(ypath)
    for rule, l0, l1 in parse_actions(ytext):
        rules_total += 1
        known = [ycount[l] for l in range(l0, l1 + 1) if l in ycount]
        if known and max(known) > 0:
            rules_hit += 1
        else:
            why = '' if known else ' (no executable line: give the action a statement)'
            unreduced.append('%s:%d: %s: %s%s' % (ypath, l0, rule, ylines[l0 - 1].strip()[:90], why))
else:
    print('coverage: %s not found' % ypath)

# ---- (b) diagnostic sites -----------------------------------------------
# A site is a line that calls diag_emit( or diag_plain(, or a wrapper: a
# printf-like function (a fmt parameter) outside diag.c whose body calls
# diag_emit/diag_vemit/diag_plain (the frontend reports through
# parse_error()/parse_note()). Calls of
# rt_raise( (runtime exceptions, which become diagnostics at the top level)
# are reported on a separate, informational line.
sources = sorted(glob.glob('frontend/*.c') + glob.glob('frontend/*.l') +
                 glob.glob('frontend/*.y') + glob.glob('eval/*.c'))
texts = {src: open(src, encoding='utf-8', errors='replace').read().split('\n') for src in sources}

def strip_comments(lines):
    out, in_comment = [], False
    for text in lines:
        code = text
        if in_comment:
            if '*/' not in code:
                out.append('')
                continue
            code = code.split('*/', 1)[1]
            in_comment = False
        code = re.sub(r'/\*.*?\*/', '', code)
        if '/*' in code:
            code = code.split('/*', 1)[0]
            in_comment = True
        code = re.sub(r'"(\\.|[^"\\])*"', '""', code)
        out.append(code.split('//', 1)[0])
    return out

codes = {src: strip_comments(lines) for src, lines in texts.items()}
base_re = re.compile(r'\bdiag_(emit|vemit|plain)\s*\(')
fdef_re = re.compile(r'^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;{]*\)?\s*\{?\s*$')
emitters = {'diag_emit', 'diag_plain'}
for src, lines in codes.items():
    if os.path.basename(src) == 'diag.c':
        continue
    fn = None
    for code in lines:
        m = fdef_re.match(code)
        if m and not code.startswith((' ', '\t')) and m.group(1) not in ('if', 'while', 'for', 'switch', 'return'):
            # Only printf-like functions (a fmt parameter or ...) are wrappers.
            fn = m.group(1) if re.search(r'\bfmt\b|\.\.\.', code) else None
        elif code.startswith('}'):
            fn = None
        elif fn and base_re.search(code):
            emitters.add(fn)
site_re = re.compile(r'\b(' + '|'.join(sorted(emitters)) + r')\s*\(')
raise_re = re.compile(r'\brt_raise\w*\s*\(')

def executed(cnt, cl, lines, n):
    # The first line of the statement that makes calls decides: its last
    # call is the report itself (arguments are evaluated, and conditions
    # tested, before it), so `if (bad) report(...);` counts only when
    # report() ran. A call spanning lines may be counted on a later line of
    # the statement; without call data the line count decides.
    ran = False
    for k in range(n, min(n + 4, len(lines) + 1)):
        if cl.get(k):
            return cl[k][-1]
        ran = ran or cnt.get(k, 0) > 0
        if ';' in lines[k - 1]:
            break
    return ran

# Exemption: a site that no test can reasonably reach (a 2 GiB script, ...)
# carries the marker  /* coverage: exempt — REASON */  on its line. It is
# left out of the total, never counted as hit, and listed with its reason.
exempt_re = re.compile(r'/\*\s*coverage:\s*exempt\b\s*(?:—|--?|:)?\s*(.*?)\s*\*/')
sites_total = sites_hit = raises_total = raises_hit = 0
missed, exempt = [], []
for src in sources:
    if os.path.basename(src) == 'diag.c':
        continue
    lines, cnt = codes[src], lookup(src)
    cl = calls.get(os.path.normpath(src), {})
    for n, code in enumerate(lines, 1):
        is_def = bool(fdef_re.match(code)) and not code.startswith((' ', '\t'))
        if site_re.search(code) and not is_def:
            ex = exempt_re.search(texts[src][n - 1])
            if ex and ex.group(1):
                ran = executed(cnt, cl, lines, n)
                exempt.append('%s:%d: %s [%s]%s' % (
                    src, n, exempt_re.sub('', texts[src][n - 1]).strip()[:70], ex.group(1),
                    ' -- executed by a test: drop the marker' if ran else ''))
                continue
            sites_total += 1
            if ex:
                missed.append('%s:%d: coverage: exempt marker without a reason' % (src, n))
            elif executed(cnt, cl, lines, n):
                sites_hit += 1
            else:
                missed.append('%s:%d: %s' % (src, n, texts[src][n - 1].strip()[:100]))
        elif raise_re.search(code) and not is_def and src.startswith('eval'):
            raises_total += 1
            raises_hit += executed(cnt, cl, lines, n)

def pct(h, t):
    return 100.0 * h / t if t else 100.0

if unreduced:
    print('grammar rules never reduced:')
    for u in unreduced:
        print('  ' + u)
if missed:
    print('diagnostic sites never executed:')
    for m in missed:
        print('  ' + m)
print('grammar rules reduced: %d/%d (%.1f%%)' % (rules_hit, rules_total, pct(rules_hit, rules_total)))
if exempt:
    print('diagnostic sites exempt (not counted):')
    for e in exempt:
        print('  ' + e)
print('diagnostic sites hit: %d/%d (%.1f%%)%s [emitters: %s]' % (
    sites_hit, sites_total, pct(sites_hit, sites_total),
    ', %d exempt' % len(exempt) if exempt else '', ', '.join(sorted(emitters))))
print('runtime raise sites hit (informational): %d/%d (%.1f%%)' % (
    raises_hit, raises_total, pct(raises_hit, raises_total)))
ok = rules_total > 0 and rules_hit == rules_total and sites_hit == sites_total
sys.exit(0 if ok else 1)
PY
}

held=()
if [ "${COVERAGE_SKIP_RUN:-0}" = 1 ]; then
  # the counters are there already (scripts/run-tests.sh: the sanitizer
  # pass's unit tests and lit); COVERAGE_HELD=FILE names the lit tests that
  # pass left out, one per line: run only if the gate fails without them
  [ -n "${COVERAGE_HELD:-}" ] && [ -s "$COVERAGE_HELD" ] && mapfile -t held < "$COVERAGE_HELD"
  out=$(analyse); rc=$?
  [ $rc = 2 ] && { printf '%s\n' "$out"; exit 2; }
  ran="the counters already in $b (its unit tests and lit"
  [ ${#held[@]} -gt 0 ] && ran="$ran; the ${#held[@]} lit tests that run left out held back"
else
  find "$b" -name '*.gcda' -delete
  for t in "$b"/tests/unit/*; do
    [ -f "$t" ] && [ -x "$t" ] && "$t" >/dev/null 2>&1
  done
  # the tests that never run msc add nothing to its coverage
  mapfile -t free < <(scripts/lit-msc-free.sh -l)
  # COVERAGE_LIT_TIMES: held back, the slowest tests of that file (each >= 1%
  # of its total), run only if the gate fails without them
  if [ -n "${COVERAGE_LIT_TIMES:-}" ] && [ -s "$COVERAGE_LIT_TIMES" ]; then
    mapfile -t held < <(awk 'NR == FNR { if ($2 !~ /^(Inputs|lit-tools)\//) sum += $1; next }
                            $1 >= sum / 100 { print $1, $2 }' "$COVERAGE_LIT_TIMES" "$COVERAGE_LIT_TIMES" |
                        sort -g | awk '{ print $2 }' | grep -v -x -F -f <(printf '%s\n' "${free[@]}" .) |
                        while read -r t; do [ -f "tests/$t" ] && echo "$t"; done)
  fi
  lit_cov --filter-out "$(names_re "${free[@]}" "${held[@]}")"
  out=$(analyse); rc=$?
  ran="unit tests and lit with $b/msc (not the ${#free[@]} lit tests that never run msc"
  [ ${#held[@]} -gt 0 ] && ran="$ran; the ${#held[@]} slowest, each >= 1% of the time in $COVERAGE_LIT_TIMES, held back"
fi
if [ ${#held[@]} -gt 0 ]; then
  # the gate failed without them: add them, the quickest first, in batches of
  # 1, 2, 4, ... until it holds (coverage only grows: the verdict is the one
  # the whole suite gives)
  i=0 n=1 needed=()
  while [ $rc = 1 ] && [ $i -lt ${#held[@]} ]; do
    batch=("${held[@]:i:n}")
    lit_cov --filter "$(names_re "${batch[@]}")"
    needed+=("${batch[@]}")
    out=$(analyse); rc=$?
    i=$((i + n)); n=$((n * 2))
  done
  if [ ${#needed[@]} -eq 0 ]; then ran="$ran: not needed"
  else ran="$ran; without them the gate did not hold, so these ran too: ${needed[*]}"; fi
fi
echo "coverage: ran $ran)"
printf '%s\n' "$out"
exit $rc
