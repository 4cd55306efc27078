#!/usr/bin/python3
"""runtime-amalgamate.py MSRT_H OUT.txt CHECK.c RUNTIME.c... — the runtime
as `msc compile` inlines it (codegen/aot.c, the default --runtime mode).

Granularity: one unit per runtime file (its file-static helpers with it);
a model's NAME.c carries the files whose msrt_* functions its entries call,
closed over the msrt_* calls between files.

OUT.txt (embedded in msc as msc_msrt_amalg) is a line-marked text:
    @@header                 msrt.h without its comments (guard kept);
    @@proto msrt_x           each function prototype of msrt.h, up to
    ...                      @@endproto: aot.c writes it as a `static`
    @@endproto               prototype when msrt_x's file is carried,
                             drops it otherwise
    @@file NAME.c            a runtime file, then
    @@defines msrt_a ...     the msrt_* functions it defines,
    @@uses msrt_b ...        those of other files it calls,
    @@text                   and its text until the next @@file: its
                             #include "msrt.h" removed, every msrt_*
                             definition starting `MSRT_STATIC ` (aot.c
                             defines it as static, marked unused for
                             gcc/clang: a carried file may hold functions
                             the model does not call), file-static names
                             that two files share renamed FILE_NAME, and
                             #undef of every macro it defined at its end.
CHECK.c is every file amalgamated, compiled by the Makefile under the
generated-code flags so a clash between runtime files fails the build of
msc, not a user's model.
"""
import os
import re
import sys

PROTO_RE = re.compile(r'\b(msrt_\w+)\s*\(')


def strip_comments(s):
    return re.sub(r'/\*.*?\*/|//[^\n]*', lambda m: '\n' * m.group(0).count('\n'), s, flags=re.S)


def header_units(text):
    """msrt.h split into plain text and prototypes (top-level declarations
    ending with ');' whose declarator is msrt_x(...))."""
    out = []
    lines = text.splitlines(keepends=True)
    i = 0
    protos = []
    while i < len(lines):
        ln = lines[i]
        m = re.match(r'^[A-Za-z_][\w \*]*?\b(msrt_\w+)\s*\(', ln)
        if m and not ln.startswith(('typedef', 'MSRT_FORMULA')) and not ln.startswith('#'):
            j = i
            while not lines[j].rstrip().endswith(';'):
                j += 1
            out.append('@@proto %s\n' % m.group(1))
            out.extend(lines[i:j + 1])
            out.append('@@endproto\n')
            protos.append(m.group(1))
            i = j + 1
            continue
        out.append(ln)
        i += 1
    return ''.join(out), protos


def file_statics(text):
    """file-scope names a runtime file declares (functions, data, typedefs,
    tags) outside macros, by line shape."""
    names = set()
    code = strip_comments(text)
    for ln in code.splitlines():
        if ln.startswith('#') or ln.startswith(' ') or ln.endswith('\\'):
            continue
        m = re.match(r'^static\b[^=;{]*?\b(\w+)\s*\(', ln)
        if m:
            names.add(m.group(1))
        m = re.match(r'^static\b[^(]*?\b(\w+)\s*(\[[^\]]*\])?\s*(=|;)', ln)
        if m:
            names.add(m.group(1))
        m = re.match(r'^(\w+)\s*\(', ln)  # a definition whose type is on the line before
        if m and not m.group(1).isupper():
            names.add(m.group(1))
        m = re.match(r'^typedef\b.*?\b(\w+)\s*(\)\s*\(.*)?;\s*$', ln)
        if m:
            names.add(m.group(1))
        m = re.match(r'^typedef\s*.*\(\s*\*\s*(\w+)\s*\)', ln)
        if m:
            names.add(m.group(1))
        m = re.match(r'^}\s*(\w+)\s*;', ln)
        if m:
            names.add(m.group(1))
        m = re.match(r'^(?:typedef\s+)?(?:struct|enum|union)\s+(\w+)', ln)
        if m:
            names.add(m.group(1))
    return {n for n in names if not n.startswith('msrt_')}


def main():
    if len(sys.argv) < 5:
        sys.exit('usage: runtime-amalgamate.py MSRT_H OUT.txt CHECK.c RUNTIME.c...')
    hdr_path, out_path, check_path = sys.argv[1:4]
    srcs = sorted(sys.argv[4:])
    with open(hdr_path, encoding='utf-8') as f:
        # msrt.h's comments document the whole runtime: NAME.c keeps its
        # code only (types, macros, the carried prototypes)
        htext = strip_comments(f.read())
        htext = re.sub(r'[ \t]+\n', '\n', htext)
        htext = re.sub(r'\n{3,}', '\n\n', htext).lstrip('\n')
        hdr, protos = header_units(htext)
    proto_set = set(protos)
    texts = {}
    for p in srcs:
        with open(p, encoding='utf-8') as f:
            texts[os.path.basename(p)] = f.read()
    statics = {n: file_statics(t) for n, t in texts.items()}
    seen = {}
    for n in sorted(texts):
        for s in statics[n]:
            seen.setdefault(s, []).append(n)
    clash = {s for s, fs in seen.items() if len(fs) > 1}
    units = []
    defined_by = {}
    for n in sorted(texts):
        t = texts[n]
        stem = n[:-2]
        for s in sorted(clash & statics[n]):
            t = re.sub(r'\b%s\b' % re.escape(s), '%s_%s' % (stem, s), t)
        t = re.sub(r'^#include "msrt.h"\n', '', t, flags=re.M)
        defs = []
        out_lines = []
        for ln in t.splitlines(keepends=True):
            m = re.match(r'^[A-Za-z_][\w \*]*?\b(msrt_\w+)\s*\(', ln)
            if m and m.group(1) in proto_set and not ln.startswith(('static', 'typedef')):
                # a definition when its declarator is not followed by ';'
                defs.append(m.group(1))
                ln = 'MSRT_STATIC ' + ln
            out_lines.append(ln)
        t = ''.join(out_lines)
        macros = []
        for m in re.finditer(r'^#\s*define\s+(\w+)', t, flags=re.M):
            if m.group(1) not in macros:
                macros.append(m.group(1))
        if macros:
            t += '\n' + ''.join('#undef %s\n' % m for m in macros)
        code = strip_comments(t)
        used = sorted({u for u in PROTO_RE.findall(code) if u in proto_set} - set(defs))
        for d in defs:
            if d in defined_by:
                sys.exit('runtime-amalgamate.py: %s defined in %s and %s' % (d, defined_by[d], n))
            defined_by[d] = n
        units.append((n, defs, used, t))
    for n, defs, used, t in units:
        for u in used:
            if u not in defined_by:
                sys.exit('runtime-amalgamate.py: %s calls %s, which no runtime file defines' % (n, u))
    out = ['@@header\n', hdr if hdr.endswith('\n') else hdr + '\n']
    for n, defs, used, t in units:
        out.append('@@file %s\n@@defines %s\n@@uses %s\n@@text\n' % (n, ' '.join(defs), ' '.join(used)))
        out.append(t if t.endswith('\n') else t + '\n')
    text = ''.join(out)
    tmp = out_path + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(text)
    os.replace(tmp, out_path)
    # the check: every file, every prototype static
    chk = ['/* Generated by scripts/runtime-amalgamate.py: every runtime file as\n'
           ' * msc compile inlines them (build check only). */\n',
           '#if defined(__GNUC__) || defined(__clang__)\n'
           '#define MSRT_STATIC static __attribute__((unused))\n#else\n#define MSRT_STATIC static\n#endif\n']
    for ln in re.split(r'(?<=\n)', hdr):
        if ln.startswith('@@proto'):
            chk.append('static ')
        elif ln.startswith('@@endproto'):
            continue
        else:
            chk.append(ln)
    for n, defs, used, t in units:
        chk.append(t)
    tmp = check_path + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(''.join(chk))
    os.replace(tmp, check_path)


if __name__ == '__main__':
    main()
