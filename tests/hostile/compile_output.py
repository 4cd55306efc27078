# Issue 18, classes 8 and 9: msc compile's output is all or nothing
# (serial/atomic_out.h). A failed rename in the middle of replacing a library
# used to unlink the files already renamed (the old library lost); a signal
# during the write phase left .NAME.c.PID.tmp files. The faults are injected
# with MSC_TEST_AOUT_FAIL (rename=K fails the K-th rename, signal=S raises S
# as the commit starts).
import mindspore as ms
from mindspore import Tensor
import numpy as np


@ms.jit
def f(x):
    return x * 2 + 1


print(f(Tensor(np.ones((2, 2), np.float32))))

# RUN: rm -rf %t && mkdir -p %t && %msc compile %s -o %t/lib > /dev/null
# RUN: for x in %t/lib/*; do echo '// old' >> $x; done
# A later rename fails: every old file is back, no new one, no staging.
# RUN: env MSC_TEST_AOUT_FAIL=rename=2 %msc compile %s -o %t/lib 2> %t.err > /dev/null; test $? -eq 1
# RUN: FileCheck --check-prefix=RENAME %s < %t.err
# RENAME: msc: error: cannot write '{{.*}}/lib/compile_output{{.*}}': Input/output error
# RUN: ls -A %t/lib | FileCheck --check-prefix=OLD %s
# RUN: tail -qn1 %t/lib/* | FileCheck --check-prefix=MARK %s
# OLD: compile_output.c
# OLD-NEXT: compile_output.h
# OLD-NEXT: compile_output_test.c
# OLD-NOT: {{.}}
# MARK: // old
# MARK-NEXT: // old
# MARK-NEXT: // old
# The same with files of another name (no old ones): the new ones go.
# RUN: env MSC_TEST_AOUT_FAIL=rename=3 %msc compile %s -o %t/lib --name other 2> /dev/null > /dev/null; test $? -eq 1
# RUN: ls -A %t/lib | FileCheck --check-prefix=OLD %s
# SIGTERM and SIGHUP while writing: the process dies of the signal, the old
# library is intact, no temporary is left; a new directory is not made.
# (SIGINT is handled the same, but a background job ignores it, and msc
# leaves an ignored signal ignored; so `env --default-signal`: a suite
# started under nohup, or by a CI runner that ignores SIGHUP or SIGTERM,
# passes its ignored dispositions down.)
# RUN: env --default-signal=TERM MSC_TEST_AOUT_FAIL=signal=15 %msc-raw compile %s -o %t/lib > /dev/null 2>&1; test $? -eq 143
# RUN: ls -A %t/lib | FileCheck --check-prefix=OLD %s
# RUN: tail -qn1 %t/lib/* | FileCheck --check-prefix=MARK %s
# RUN: env --default-signal=HUP MSC_TEST_AOUT_FAIL=signal=1 %msc-raw compile %s -o %t/new > /dev/null 2>&1; test $? -eq 129
# RUN: ls -A %t | FileCheck --check-prefix=TOP %s
# TOP: lib
# TOP-NOT: {{.}}
# Without a fault the library is replaced.
# RUN: %msc compile %s -o %t/lib > /dev/null && ls -A %t/lib | FileCheck --check-prefix=OLD %s
# RUN: not grep -q '// old' %t/lib/compile_output.c
