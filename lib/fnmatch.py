"""fnmatch: shell-style wildcards as CPython matches them on POSIX: '*' any
run of characters, '?' one character, '[seq]', '[!seq]' and ranges
('[a-z]'); a '[' without its ']' is a literal. Case-sensitive (POSIX's
normcase is the identity). msc has no `re`: the pattern is compiled into a
list of tokens and matched with backtracking on the last '*'."""

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]

_cache = {}


def _compile(pat):
    """Tokens: ("*",), ("?",), ("c", char), ("[", negate, items) where items
    are (lo, hi) character ranges."""
    toks = _cache.get(pat)
    if toks is not None:
        return toks
    toks = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == "*":
            if not toks or toks[-1] != ("*",):
                toks.append(("*",))
        elif c == "?":
            toks.append(("?",))
        elif c == "[":
            j = i
            if j < n and pat[j] == "!":
                j += 1
            if j < n and pat[j] == "]":
                j += 1
            while j < n and pat[j] != "]":
                j += 1
            if j >= n:
                toks.append(("c", "["))
                continue
            body = pat[i:j]
            i = j + 1
            negate = body.startswith("!")
            if negate:
                body = body[1:]
            items = []
            k = 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    if body[k] <= body[k + 2]:
                        items.append((body[k], body[k + 2]))
                    k += 3
                else:
                    items.append((body[k], body[k]))
                    k += 1
            toks.append(("[", negate, items))
        else:
            toks.append(("c", c))
    if len(_cache) >= 256:
        _cache.clear()
    _cache[pat] = toks
    return toks


def _one(tok, ch):
    kind = tok[0]
    if kind == "?":
        return True
    if kind == "c":
        return tok[1] == ch
    inside = False
    for lo, hi in tok[2]:
        if lo <= ch <= hi:
            inside = True
            break
    return inside != tok[1]


def fnmatchcase(name, pat):
    toks = _compile(pat)
    ti = ni = 0
    star_t, star_n = -1, 0
    while ni < len(name):
        if ti < len(toks) and toks[ti][0] == "*":
            star_t, star_n = ti, ni
            ti += 1
        elif ti < len(toks) and _one(toks[ti], name[ni]):
            ti += 1
            ni += 1
        elif star_t >= 0:
            star_n += 1
            ni = star_n
            ti = star_t + 1
        else:
            return False
    while ti < len(toks) and toks[ti][0] == "*":
        ti += 1
    return ti == len(toks)


def fnmatch(name, pat):
    return fnmatchcase(name, pat)


def filter(names, pat):
    return [n for n in names if fnmatchcase(n, pat)]


def translate(pat):
    """The regular expression CPython's fnmatch.translate gives for simple
    patterns (for display; msc has no re module to run it)."""
    out = []
    for tok in _compile(pat):
        if tok[0] == "*":
            out.append(".*")
        elif tok[0] == "?":
            out.append(".")
        elif tok[0] == "c":
            out.append("\\" + tok[1] if not (tok[1].isalnum() or tok[1] == "_") else tok[1])
        else:
            body = "".join(lo if lo == hi else lo + "-" + hi for lo, hi in tok[2])
            out.append("[" + ("^" if tok[1] else "") + body + "]")
    return "(?s:" + "".join(out) + ")\\Z"
