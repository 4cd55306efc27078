"""json: dumps/dump (indent, sort_keys, separators, ensure_ascii, default)
and loads/load with CPython's output and its JSONDecodeError messages."""


class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        ValueError.__init__(self, f"{msg}: line {lineno} column {colno} (char {pos})")
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


_ESC = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _encode_str(s, ensure_ascii):
    out = ['"']
    for ch in s:
        e = _ESC.get(ch)
        if e is not None:
            out.append(e)
            continue
        n = ord(ch)
        if n < 0x20 or (ensure_ascii and n > 0x7e):
            if n > 0xFFFF:
                n -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 | (n >> 10), 0xDC00 | (n & 0x3FF)))
            else:
                out.append("\\u%04x" % n)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _float_str(f, allow_nan):
    if f != f:
        text = "NaN"
    elif f == float("inf"):
        text = "Infinity"
    elif f == -float("inf"):
        text = "-Infinity"
    else:
        return repr(f)
    if not allow_nan:
        raise ValueError("Out of range float values are not JSON compliant")
    return text


class JSONEncoder:
    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
                 sort_keys=False, indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        if indent is not None and not isinstance(indent, str):
            indent = " " * indent
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator, self.key_separator = ",", ": "
        else:
            self.item_separator, self.key_separator = ", ", ": "
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")

    def encode(self, o):
        return "".join(self._enc(o, 0, []))

    def _key(self, k):
        if isinstance(k, str):
            return k
        if k is True:
            return "true"
        if k is False:
            return "false"
        if k is None:
            return "null"
        if isinstance(k, float):
            return _float_str(k, self.allow_nan)
        if isinstance(k, int):
            return str(k)
        if self.skipkeys:
            return None
        raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")

    def _enc(self, o, level, stack):
        if o is None:
            return ["null"]
        if o is True:
            return ["true"]
        if o is False:
            return ["false"]
        if isinstance(o, str):
            return [_encode_str(o, self.ensure_ascii)]
        if isinstance(o, int):
            return [str(int(o))]
        if isinstance(o, float):
            return [_float_str(o, self.allow_nan)]
        for s in stack:
            if s is o:
                raise ValueError("Circular reference detected")
        if isinstance(o, (list, tuple)):
            if not o:
                return ["[]"]
            stack.append(o)
            out = ["["]
            sep = self.item_separator
            if self.indent is not None:
                inner = "\n" + self.indent * (level + 1)
                out.append(inner)
                sep = sep + inner
            first = True
            for v in o:
                if not first:
                    out.append(sep)
                first = False
                out.extend(self._enc(v, level + 1, stack))
            if self.indent is not None:
                out.append("\n" + self.indent * level)
            out.append("]")
            stack.pop()
            return out
        if isinstance(o, dict) or hasattr(o, "items") and hasattr(o, "keys"):
            if not len(o):
                return ["{}"]
            stack.append(o)
            out = ["{"]
            sep = self.item_separator
            if self.indent is not None:
                inner = "\n" + self.indent * (level + 1)
                out.append(inner)
                sep = sep + inner
            items = list(o.items())
            if self.sort_keys:
                items = sorted(items)
            first = True
            for k, v in items:
                k = self._key(k)
                if k is None:
                    continue
                if not first:
                    out.append(sep)
                first = False
                out.append(_encode_str(k, self.ensure_ascii))
                out.append(self.key_separator)
                out.extend(self._enc(v, level + 1, stack))
            if self.indent is not None:
                out.append("\n" + self.indent * level)
            out.append("}")
            stack.pop()
            return out
        stack.append(o)
        r = self._enc(self.default(o), level, stack)
        stack.pop()
        return r


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None,
          indent=None, separators=None, default=None, sort_keys=False, **kw):
    enc = (cls or JSONEncoder)(skipkeys=skipkeys, ensure_ascii=ensure_ascii, allow_nan=allow_nan,
                               sort_keys=sort_keys, indent=indent, separators=separators, default=default)
    return enc.encode(obj)


def dump(obj, fp, **kw):
    fp.write(dumps(obj, **kw))


_WS = " \t\n\r"
_UNESC = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


class _Parser:
    def __init__(self, s, object_hook, object_pairs_hook, parse_float, parse_int):
        self.s = s
        self.object_hook = object_hook
        self.object_pairs_hook = object_pairs_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int

    def ws(self, i):
        s = self.s
        while i < len(s) and s[i] in _WS:
            i += 1
        return i

    def err(self, msg, i):
        raise JSONDecodeError(msg, self.s, i)

    def value(self, i):
        s = self.s
        if i >= len(s):
            self.err("Expecting value", i)
        c = s[i]
        if c == '"':
            return self.string(i + 1)
        if c == "{":
            return self.obj(i + 1)
        if c == "[":
            return self.arr(i + 1)
        if s.startswith("null", i):
            return None, i + 4
        if s.startswith("true", i):
            return True, i + 4
        if s.startswith("false", i):
            return False, i + 5
        if s.startswith("NaN", i):
            return float("nan"), i + 3
        if s.startswith("Infinity", i):
            return float("inf"), i + 8
        if s.startswith("-Infinity", i):
            return float("-inf"), i + 9
        return self.number(i)

    def number(self, i):
        s = self.s
        j = i
        if j < len(s) and s[j] == "-":
            j += 1
        if j < len(s) and s[j] == "0":
            j += 1
        elif j < len(s) and "1" <= s[j] <= "9":
            while j < len(s) and s[j].isdigit():
                j += 1
        else:
            self.err("Expecting value", i)
        is_float = False
        if j + 1 < len(s) and s[j] == "." and s[j + 1].isdigit():
            is_float = True
            j += 1
            while j < len(s) and s[j].isdigit():
                j += 1
        if j < len(s) and s[j] in "eE":
            k = j + 1
            if k < len(s) and s[k] in "+-":
                k += 1
            if k < len(s) and s[k].isdigit():
                is_float = True
                j = k
                while j < len(s) and s[j].isdigit():
                    j += 1
        text = s[i:j]
        return (self.parse_float(text) if is_float else self.parse_int(text)), j

    def string(self, i):
        s = self.s
        start = i - 1
        out = []
        while True:
            j = i
            while j < len(s) and s[j] != '"' and s[j] != "\\":
                if s[j] < " ":
                    self.err("Invalid control character at", j)
                j += 1
            out.append(s[i:j])
            if j >= len(s):
                self.err("Unterminated string starting at", start)
            if s[j] == '"':
                return "".join(out), j + 1
            if j + 1 >= len(s):
                self.err("Unterminated string starting at", start)
            e = s[j + 1]
            if e == "u":
                h = s[j + 2:j + 6]
                if len(h) < 4 or not all(c in "0123456789abcdefABCDEF" for c in h):
                    self.err("Invalid \\uXXXX escape", j)
                n = int(h, 16)
                i = j + 6
                if 0xD800 <= n <= 0xDBFF and s[i:i + 2] == "\\u":
                    h2 = s[i + 2:i + 6]
                    if len(h2) == 4 and all(c in "0123456789abcdefABCDEF" for c in h2):
                        m = int(h2, 16)
                        if 0xDC00 <= m <= 0xDFFF:
                            n = 0x10000 + ((n - 0xD800) << 10) + (m - 0xDC00)
                            i += 6
                out.append(chr(n))
            elif e in _UNESC:
                out.append(_UNESC[e])
                i = j + 2
            else:
                self.err("Invalid \\escape", j)

    def obj(self, i):
        s = self.s
        pairs = []
        i = self.ws(i)
        if i < len(s) and s[i] == "}":
            return self.finish_obj(pairs), i + 1
        while True:
            if i >= len(s) or s[i] != '"':
                self.err("Expecting property name enclosed in double quotes", i)
            key, i = self.string(i + 1)
            i = self.ws(i)
            if i >= len(s) or s[i] != ":":
                self.err("Expecting ':' delimiter", i)
            i = self.ws(i + 1)
            val, i = self.value(i)
            pairs.append((key, val))
            i = self.ws(i)
            if i < len(s) and s[i] == "}":
                return self.finish_obj(pairs), i + 1
            if i >= len(s) or s[i] != ",":
                self.err("Expecting ',' delimiter", i)
            i = self.ws(i + 1)

    def finish_obj(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        d = dict(pairs)
        if self.object_hook is not None:
            return self.object_hook(d)
        return d

    def arr(self, i):
        s = self.s
        out = []
        i = self.ws(i)
        if i < len(s) and s[i] == "]":
            return out, i + 1
        while True:
            val, i = self.value(i)
            out.append(val)
            i = self.ws(i)
            if i < len(s) and s[i] == "]":
                return out, i + 1
            if i >= len(s) or s[i] != ",":
                self.err("Expecting ',' delimiter", i)
            i = self.ws(i + 1)


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, parse_constant=None,
          object_pairs_hook=None, **kw):
    if not isinstance(s, str):
        raise TypeError(f"the JSON object must be str, bytes or bytearray, not {type(s).__name__}")
    p = _Parser(s, object_hook, object_pairs_hook, parse_float, parse_int)
    i = p.ws(0)
    val, i = p.value(i)
    i = p.ws(i)
    if i != len(s):
        p.err("Extra data", i)
    return val


def load(fp, **kw):
    return loads(fp.read(), **kw)
