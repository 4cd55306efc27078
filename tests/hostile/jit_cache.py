# Issue 18, class 5: the JIT cache checks what it loads. Two entries swapped
# used to run the wrong code on the input (exit 0, garbage printed); now each
# entry's manifest (key, size, SHA-256 of the object) is checked before
# dlopen, and an entry that does not match is rebuilt (a note under -v).
import numpy as np
import mindspore as ms
from mindspore import Tensor


@ms.jit
def small(x):
    return x * 2 + 1


@ms.jit
def other(x):
    return ms.ops.matmul(x, x) - 3


print(small(Tensor(np.arange(4, dtype=np.float32))))
print(other(Tensor(np.eye(3, dtype=np.float32) * 2)))

# OUT: [1. 3. 5. 7.]
# OUT-NEXT: {{\[\[}} 1. -3. -3.]
# OUT-NEXT: [-3.  1. -3.]
# OUT-NEXT: [-3. -3.  1.]]
# RUN: rm -rf %t && mkdir -p %t && %msc run --cache-dir=%t/c %s | FileCheck --check-prefix=OUT %s
# RUN: ls %t/c/*.so | wc -l | FileCheck --check-prefix=TWO %s
# TWO: 2
# Swap the two objects (and keep their manifests): both rejected, rebuilt.
# RUN: a=$(ls %t/c/*.so | head -1); b=$(ls %t/c/*.so | tail -1); mv $a %t/x.so && mv $b $a && mv %t/x.so $b
# RUN: %msc run -v --cache-dir=%t/c %s 2>%t/log | FileCheck --check-prefix=OUT %s
# RUN: FileCheck --check-prefix=SWAP %s < %t/log
# SWAP: msc: jit: cache entry {{.*}}.so rejected ({{its size differs from its manifest's|it is truncated|its SHA-256 differs from its manifest's}}): rebuilding
# SWAP: msc: jit: cache entry {{.*}}.so rejected ({{its size differs from its manifest's|it is truncated|its SHA-256 differs from its manifest's}}): rebuilding
# RUN: %msc run -v --cache-dir=%t/c %s 2>&1 >/dev/null | FileCheck --check-prefix=HIT %s
# HIT-NOT: rejected
# HIT: msc: jit: cache hit
# HIT-NOT: rejected
# Truncated, no manifest, another entry's manifest, a manifest that is not one.
# RUN: a=$(ls %t/c/*.so | head -1); head -c 100 $a > %t/t && cat %t/t > $a
# RUN: %msc run -v --cache-dir=%t/c %s 2>&1 >/dev/null | FileCheck --check-prefix=TRUNC %s
# TRUNC: rejected (it is truncated): rebuilding
# RUN: rm $(ls %t/c/*.manifest | head -1)
# RUN: %msc run -v --cache-dir=%t/c %s 2>&1 >/dev/null | FileCheck --check-prefix=NOMAN %s
# NOMAN: rejected (it has no manifest): rebuilding
# RUN: a=$(ls %t/c/*.manifest | head -1); b=$(ls %t/c/*.manifest | tail -1); cp $a $b
# RUN: %msc run -v --cache-dir=%t/c %s 2>&1 >/dev/null | FileCheck --check-prefix=KEY %s
# KEY: rejected (its manifest is another key's): rebuilding
# RUN: a=$(ls %t/c/*.manifest | head -1); printf 'msc-jit-manifest 1\nkey zz\n' > $a
# RUN: %msc run -v --cache-dir=%t/c %s 2>&1 >/dev/null | FileCheck --check-prefix=BAD %s
# BAD: rejected (its manifest is not one): rebuilding
# A cache directory writable by others: one warning, a private cache.
# RUN: mkdir -p %t/shared && chmod 777 %t/shared
# RUN: env TMPDIR=%t %msc run --cache-dir=%t/shared %s 2>%t/log | FileCheck --check-prefix=OUT %s
# RUN: FileCheck --check-prefix=WARN %s < %t/log
# WARN: msc: warning: the JIT cache '{{.*}}/shared' is writable by group or others: using the private cache '{{.*}}/msc-jit.{{.*}}' for this run
# WARN-NOT: warning
# RUN: ls -A %t/shared | count 0
