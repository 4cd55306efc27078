# Nested loops over lists and dicts: indexing, accumulation, dict updates.
n = 800
grid = [[(i * 31 + j * 17) % 101 for j in range(n)] for i in range(n)]
total = 0
for row in grid:
    for v in row:
        if v % 3 == 0:
            total += v
        else:
            total -= 1
counts = {}
for i in range(n):
    row = grid[i]
    for j in range(0, n, 3):
        k = row[j] % 50
        counts[k] = counts.get(k, 0) + j
keys = sorted(counts)
acc = 0
for k in keys:
    acc = (acc * 31 + counts[k]) % 1000000007
print("loops checksum", total, len(counts), acc)
