# runtime/ is carried into firmware by generated C, so it must meet
# DESIGN.md's standard with every compiler: C99, -Wpedantic -Wconversion
# -Werror, gcc, clang and arm-none-eabi-gcc for a Cortex-M4F. This checks
# each runtime source with all three (make test installs the cross
# compiler; a missing one fails here rather than being skipped):
#   * arm-none-eabi-gcc at -O2 to objects (its middle-end warnings need the
#     optimiser; 32-bit long; the objects are checked below);
#   * clang -fsyntax-only: clang's warnings all come from its front end;
#   * gcc -fsyntax-only without MSRT_HOST_THREADS (the host build compiles
#     every runtime file with these warnings at -O2 with threads, the
#     Makefile's RTWARN, and the amalgamation check at -O1 without).
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: for f in %S/../../runtime/*.c; do \
# RUN:   gcc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror \
# RUN:       -fsyntax-only "$f" || exit 1; \
# RUN:   clang -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror \
# RUN:       -fsyntax-only "$f" || exit 1; \
# RUN:   arm-none-eabi-gcc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror -O2 \
# RUN:       -mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard -mthumb \
# RUN:       -c "$f" -o %t/arm-$(basename "$f" .c).o || exit 1; \
# RUN: done
# No allocator, no stdio in the firmware objects: only libm may be referenced.
# RUN: arm-none-eabi-nm -u %t/arm-*.o | FileCheck %s
# CHECK-NOT: {{ (malloc|calloc|realloc|free|printf|fprintf|puts|putchar|fwrite|abort|exit)$}}
