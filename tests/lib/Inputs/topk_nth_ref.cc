// MindSpore's CPU TopK order (topk_cpu_kernel.cc), computed by the C++
// library itself: indices 0..n-1, std::nth_element(k) with x[a] > x[b]
// (sorted=False), or < for the smallest (ops.topk(largest=False), which
// MindSpore computes as TopK of -x). With the argument "sorted", the
// kernel's sorted=True path: k > n * 0.5 stable_sort of all n, else
// nth_element(k) then stable_sort of the first k. The rows come from the
// LCG that tests/lib/topk_nth.py uses too; prints "n k largest: indices".
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  bool sorted = argc > 1 && std::string(argv[1]) == "sorted";
  uint32_t s = 12345;
  auto next = [&]() { s = s * 1103515245u + 12345u; return (s >> 16) & 0x7fff; };
  for (int t = 0; t < 120; t++) {
    int n = 1 + (int)(next() % 40), k = 1 + (int)(next() % n), distinct = 1 + (int)(next() % 12);
    bool largest = next() % 2;
    std::vector<float> x(n);
    for (auto &v : x) v = (float)(next() % distinct) - 3.0f;
    std::vector<size_t> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    auto cmp = [&](size_t a, size_t b) { return largest ? x[a] > x[b] : x[a] < x[b]; };
    if (sorted && (size_t)k > (size_t)((float)n * 0.5f)) {
      std::stable_sort(idx.begin(), idx.end(), cmp);
    } else {
      std::nth_element(idx.begin(), idx.begin() + k, idx.end(), cmp);
      if (sorted) std::stable_sort(idx.begin(), idx.begin() + k, cmp);
    }
    printf("%d %d %d:", n, k, largest ? 1 : 0);
    for (int j = 0; j < k; j++) printf(" %d", (int)idx[j]);
    printf("\n");
  }
  return 0;
}
