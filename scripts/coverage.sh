#!/bin/sh
# coverage.sh BUILD_COV_DIR — `make coverage` (after building with
# COVERAGE=1: -O0 --coverage into build-cov/).
#
# Runs the unit tests and the lit suite with that build, then reads gcov's
# JSON output and reports:
#  (a) grammar-rule coverage: every action in the rules section of
#      frontend/parser.y (each rule has its own action) must have run at
#      least once. bison's #line directives map parser.c back to parser.y,
#      so gcov counts lines of parser.y; an action counts as reduced when any
#      line of it executed. Unreduced rules are listed.
#  (b) diagnostic-site coverage: every line of frontend/*.{c,l,y} and eval/*.c
#      that calls diag_emit( or diag_plain( -- or a wrapper of them such as
#      the frontend's parse_error( -- must have executed. Sites never
#      executed are listed. rt_raise( sites in eval/ are counted on an
#      informational line (not gating).
# Prints both percentages; exits 1 if either is below 100% (exit 2 if the
# coverage data is missing). COVERAGE_SKIP_RUN=1 reuses existing .gcda data.
set -u
[ $# -ge 1 ] || { echo "usage: $0 BUILD_COV_DIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
b=${1%/}
[ -x "$b/msc" ] || { echo "coverage: $b/msc not built (make coverage builds it)" >&2; exit 2; }
if [ "${COVERAGE_SKIP_RUN:-0}" != 1 ]; then
  find "$b" -name '*.gcda' -delete
  for t in "$b"/tests/unit/*; do
    [ -f "$t" ] && [ -x "$t" ] && "$t" >/dev/null 2>&1
  done
  /usr/bin/python3 /usr/lib/llvm-14/build/utils/lit/lit.py -q -j2 \
      --param msc="$(case $b in /*) echo "$b" ;; *) echo "$root/$b" ;; esac)/msc" tests >/dev/null 2>&1
  echo "coverage: ran unit tests and lit with $b/msc"
fi
exec /usr/bin/python3 - "$b" <<'PY'
import glob, gzip, json, os, re, subprocess, sys

b = sys.argv[1]

def gcov_counts():
    """{source path (relative to the repo): {line: count}} from gcov JSON."""
    counts = {}
    jobs = []
    for d in ('frontend', 'eval'):
        for gcno in sorted(glob.glob(os.path.join(b, d, '*.gcno'))):
            stem = os.path.splitext(os.path.basename(gcno))[0]
            src = os.path.join(d, stem + '.c')
            if not os.path.exists(src):
                src = os.path.join(b, d, stem + '.c')  # generated parser.c / lexer.c
            jobs.append((os.path.join(b, d), src))
    for objdir, src in jobs:
        r = subprocess.run(['gcov', '--json-format', '--stdout', '-o', objdir, src],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        for chunk in r.stdout.decode('utf-8', 'replace').splitlines():
            chunk = chunk.strip()
            if not chunk.startswith('{'):
                continue
            data = json.loads(chunk)
            for f in data.get('files', []):
                name = os.path.normpath(f['file'])
                if name.startswith(b + os.sep):
                    pass
                per = counts.setdefault(name, {})
                for ln in f.get('lines', []):
                    n = ln['line_number']
                    per[n] = per.get(n, 0) + ln['count']
    return counts

counts = gcov_counts()
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

def executed(cnt, lines, n):
    # A call spanning lines may be counted on a later line of the statement.
    for k in range(n, min(n + 4, len(lines) + 1)):
        if cnt.get(k, 0) > 0:
            return True
        if ';' in lines[k - 1]:
            break
    return False

sites_total = sites_hit = raises_total = raises_hit = 0
missed = []
for src in sources:
    if os.path.basename(src) == 'diag.c':
        continue
    lines, cnt = codes[src], lookup(src)
    for n, code in enumerate(lines, 1):
        is_def = bool(fdef_re.match(code)) and not code.startswith((' ', '\t'))
        if site_re.search(code) and not is_def:
            sites_total += 1
            if executed(cnt, lines, n):
                sites_hit += 1
            else:
                missed.append('%s:%d: %s' % (src, n, texts[src][n - 1].strip()[:100]))
        elif raise_re.search(code) and not is_def and src.startswith('eval'):
            raises_total += 1
            raises_hit += executed(cnt, lines, n)

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
print('diagnostic sites hit: %d/%d (%.1f%%) [emitters: %s]' % (
    sites_hit, sites_total, pct(sites_hit, sites_total), ', '.join(sorted(emitters))))
print('runtime raise sites hit (informational): %d/%d (%.1f%%)' % (
    raises_hit, raises_total, pct(raises_hit, raises_total)))
ok = rules_total > 0 and rules_hit == rules_total and sites_hit == sites_total
sys.exit(0 if ok else 1)
PY
