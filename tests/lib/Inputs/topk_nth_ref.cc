// MindSpore's CPU TopK order (topk_cpu_kernel.cc), computed by the C++
// library itself: indices 0..n-1, std::nth_element(k) with x[a] > x[b]
// (sorted=False), or < for the smallest (ops.topk(largest=False), which
// MindSpore computes as TopK of -x). The rows come from the LCG that
// tests/lib/topk_nth.py uses too; prints "n k largest: indices".
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <vector>

int main() {
  uint32_t s = 12345;
  auto next = [&]() { s = s * 1103515245u + 12345u; return (s >> 16) & 0x7fff; };
  for (int t = 0; t < 120; t++) {
    int n = 1 + (int)(next() % 40), k = 1 + (int)(next() % n), distinct = 1 + (int)(next() % 12);
    bool largest = next() % 2;
    std::vector<float> x(n);
    for (auto &v : x) v = (float)(next() % distinct) - 3.0f;
    std::vector<size_t> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    if (largest)
      std::nth_element(idx.begin(), idx.begin() + k, idx.end(), [&](size_t a, size_t b) { return x[a] > x[b]; });
    else
      std::nth_element(idx.begin(), idx.begin() + k, idx.end(), [&](size_t a, size_t b) { return x[a] < x[b]; });
    printf("%d %d %d:", n, k, largest ? 1 : 0);
    for (int j = 0; j < k; j++) printf(" %d", (int)idx[j]);
    printf("\n");
  }
  return 0;
}
