/* tests/compile/print_hook.py: the firmware's print hook. */
#include <stddef.h>
void my_write(const char *s, size_t n);
