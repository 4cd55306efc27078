# np.save / np.savez write through the same all-or-nothing API as msc compile
# (serial/atomic_out.h): a failure leaves the old file and no temporary.
import sys
import numpy as np

d = sys.argv[1]
np.save(d + '/a.npy', np.arange(3) + int(sys.argv[2]))
np.savez(d + '/b.npz', x=np.arange(2) + int(sys.argv[2]))
print(np.load(d + '/a.npy'), np.load(d + '/b.npz')['x'])

# RUN: rm -rf %t && mkdir -p %t && %msc run %s %t 0 | FileCheck --check-prefix=FIRST %s
# FIRST: [0 1 2] [0 1]
# RUN: env MSC_TEST_AOUT_FAIL=rename=1 %msc run %s %t 10 2>&1 | FileCheck --check-prefix=FAIL %s; test ${PIPESTATUS[0]} -eq 1
# FAIL: npy_save_output.py:7:1: error: OSError: [Errno 5] Input/output error: '{{.*}}/a.npy'
# RUN: ls -A %t | FileCheck --check-prefix=FILES %s
# FILES: a.npy
# FILES-NEXT: b.npz
# FILES-NOT: {{.}}
# RUN: %python -c "import numpy as np; print(np.load('%t/a.npy'), np.load('%t/b.npz')['x'])" | FileCheck --check-prefix=FIRST %s
# RUN: env --default-signal=TERM MSC_TEST_AOUT_FAIL=signal=15 %msc-raw run %s %t 10 > /dev/null 2>&1; test $? -eq 143
# RUN: ls -A %t | FileCheck --check-prefix=FILES %s
# RUN: %msc run %s %t 5 | FileCheck --check-prefix=NEW %s
# NEW: [5 6 7] [5 6]
