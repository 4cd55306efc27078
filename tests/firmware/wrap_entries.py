# firmware/wrap_entries.py, the timing wrappers scripts/firmware-test.sh
# links (-Wl,--wrap=E) around each entry of an msc compile library: one
# wrapper per entry (not per _ws form), the arguments passed through in
# order, the entry list on stdout; the wrappers compile; a header without
# entries is an error.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/../../firmware/wrap_entries.py %S/Inputs/two.h %t/wrap.c > %t/entries
# RUN: FileCheck %s --check-prefix=LIST --input-file %t/entries
# RUN: FileCheck %s --input-file %t/wrap.c
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -fsyntax-only -I%S/../../firmware -I%S/Inputs %t/wrap.c
# RUN: not %python %S/../../firmware/wrap_entries.py %S/Inputs/none.h %t/none.c 2> %t/err
# RUN: FileCheck %s --check-prefix=ERR --input-file %t/err
# LIST: {{^}}two_Net_construct{{$}}
# LIST-NEXT: {{^}}two_scores{{$}}
# LIST-NOT: _ws
# CHECK: #include "fw.h"
# CHECK: #include "two.h"
# CHECK: int __real_two_Net_construct(const float *x, float *out0);
# CHECK: int __wrap_two_Net_construct(const float *x, float *out0) {
# CHECK: fw_timer_start();
# CHECK-NEXT: rc = __real_two_Net_construct(x, out0);
# CHECK-NEXT: t = fw_timer_ticks();
# CHECK-NEXT: fw_puts("two_Net_construct: ");
# CHECK-NEXT: fw_putu(t);
# CHECK-NEXT: fw_puts(" timer ticks, stack ");
# CHECK: return rc;
# CHECK: int __wrap_two_scores(const float *x, const int32_t *y, float *out0, int32_t *out1) {
# CHECK: rc = __real_two_scores(x, y, out0, out1);
# CHECK-NOT: _ws
# ERR: wrap_entries.py: {{.*}}none.h: no entry prototype
