"""make_scripts.py DIR: the hostile scripts of tests/hostile/parser_limits.py
(issue 18, classes 3, 6, 14, 15), too long (or too binary) to keep in git."""
import os
import sys

d = sys.argv[1]
os.makedirs(d, exist_ok=True)


def put(name, text):
    with open(os.path.join(d, name), 'wb') as f:
        f.write(text.encode('utf-8') if isinstance(text, str) else text)


# 3. postfix chains: one past the nesting limit (3000), and 10^6 links
put('calls.py', 'def f():\n    return f\nf' + '()' * 3001 + '\n')
put('calls_ok.py', 'def f():\n    return f\nf' + '()' * 3000 + '\nprint("ok")\n')
put('attrs.py', 'class A:\n    pass\na = A()\na.b = a\nprint(a' + '.b' * 1000000 + ')\n')
put('subscripts.py', 'a = [0]\na' + '[0]' * 5000 + '\n')
put('mixed.py', 'x = {}\nx' + '.get(0)[0]' * 2000 + '\n')
# 6. implicit concatenation of 80 000 literals (was 6.4 s and 3.4 GB)
put('concat.py', 'x = ' + ' '.join(['"ab"'] * 80000) + '\nprint(len(x))\n')
put('concat_f.py', 'y = 1\nx = f"{y}" ' + ' '.join(["'ab'"] * 80000) + '\nprint(len(x))\n')
# 14. NUL inside a string literal; a UTF-8 BOM (accepted, as CPython)
put('nul_str.py', b'x = "a\0b"\nprint(len(x))\n')
put('nul_triple.py', b'x = """a\n\0b"""\n')
put('bom.py', b'\xef\xbb\xbfprint("bom")\n')
# 15. past the script-bytes limit (8 MiB default; the test lowers it)
put('long_line.py', 'x = 1; ' * 20000 + '\n')
