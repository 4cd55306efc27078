# String building: concatenation, join, f-strings, methods, slicing.
parts = []
s = ""
for i in range(300000):
    t = f"{i:05d}:{i % 7}"
    parts.append(t.upper())
    if i % 100 == 0:
        s += t[::-1]
joined = ",".join(parts)
words = joined.split(",")
h = 0
for w in words:
    h = (h * 131 + len(w) + ord(w[-1])) % 1000000007
print("strings checksum", len(joined), len(s), len(words), h, s[:12])
