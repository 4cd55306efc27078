# RUN: not %msc run %s 2>&1 | FileCheck %s
# RUN: printf 'import _msc\n_msc.jit_new(lambda x: x, "ast", "O7")\n' > %t.native.py
# RUN: not %msc run %t.native.py 2>&1 | FileCheck %s --check-prefix=NATIVE
# RUN: printf 'import _msc\nprint(_msc.jit_new(lambda x: x, "ast", "") >= 0)\n' > %t.empty.py
# RUN: %msc run %t.empty.py | FileCheck %s --check-prefix=EMPTY
# RUN: printf 'import mindspore as ms\nms.JitConfig(jit_level="fast")\n' > %t.cfg.py
# RUN: not %msc run %t.cfg.py 2>&1 | FileCheck %s --check-prefix=CFG
# jit_level must be 'O0', 'O1' or 'O2' (ms.jit, JitConfig); the native
# _msc.jit_new checks it too ('' means: msc run's -O).
# CHECK: jit_level_errors.py:[[@LINE+3]]:1: error: ValueError: For 'jit', the argument 'jit_level' must be 'O0', 'O1' or 'O2', but got 'O3'.
# NATIVE: error: ValueError: jit_new: jit_level must be 'O0', 'O1', 'O2' or '', not 'O7'
import mindspore as ms
ms.jit(lambda x: x, jit_level='O3')
# EMPTY: True
# CFG: error: ValueError: For 'jit_level' must be one of ['O0', 'O1', 'O2'], but got fast.
