# msc run, msc opt and msc compile share one pipeline (codegen/pipeline.c):
# the same pass options work in every command. Here msc compile with
# --print-after=cse and --verify-each (a dump per entry, from the captured
# graph, to stderr), and --passes= / --time-passes / --dump-ir; the library
# still builds and its self-test passes.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc compile %s -o %t/a --print-after=cse --verify-each 2>%t/err >/dev/null
# RUN: FileCheck --check-prefix=CSE %s < %t/err
# RUN: bash %S/Inputs/check-lib.sh --quick %t/a pipeline_options | FileCheck --check-prefix=TEST %s
# RUN: %msc compile %s -o %t/b --passes=simplify,dce --time-passes --dump-ir 2>%t/err2 >/dev/null
# RUN: FileCheck --check-prefix=TIME %s < %t/err2
# RUN: bash %S/Inputs/check-lib.sh --quick %t/b pipeline_options | FileCheck --check-prefix=TEST %s
# the same options with msc run (each graph) and a bad pass name everywhere
# RUN: %msc run --print-after=cse --verify-each %s 2>&1 >/dev/null | FileCheck --check-prefix=CSE %s
# RUN: not %msc compile %s -o %t/c --print-after=nosuch 2>&1 | FileCheck --check-prefix=BAD %s
# RUN: not %msc run --passes=nosuch %s 2>&1 | FileCheck --check-prefix=BAD %s
# CSE: // -----// IR Dump After cse //----- //
# CSE: subgraph @f() {
# CSE: PrimFunc_Exp(%para1_x)
# CSE-NOT: Fusion
# CSE: // -----// IR Dump After cse //----- //
# CSE: subgraph @g() {
# TEST: pipeline_options_f: ok
# TEST: pipeline_options_g: ok
# TIME: Pass execution timing report
# TIME: simplify
# TIME: dce
# TIME-NOT: fuse-elementwise
# TIME: subgraph @f() {
# BAD: error: {{.*}}no such pass 'nosuch'
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


@ms.jit
def f(x):
    return ops.exp(x) * 2.0 + 1.0


@ms.jit
def g(x, y):
    return ops.matmul(x, y).sum()


print(f(Tensor(np.ones((2, 3)).astype(np.float32))))
print(g(Tensor(np.ones((2, 3)).astype(np.float32)), Tensor(np.ones((3, 2)).astype(np.float32))))
