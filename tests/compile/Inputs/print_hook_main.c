/* tests/compile/print_hook.py: a firmware that routes the library's print()
 * through my_write (each chunk tagged with its length). */
#include <stdio.h>

#include "print_hook.h"

int print_hook_f(const float *x, float *out0);

void my_write(const char *s, size_t n) {
  printf("[hook %lu] %.*s", (unsigned long)n, (int)n, s);
}

int main(void) {
  static const float x[4] = {-1.0f, 2.0f, 3.5f, -4.0f};
  float out[4];
  if (print_hook_f(x, out) != 0) return 1;
  printf("\ndone\n");
  return 0;
}
