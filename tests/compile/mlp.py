# msc compile of the seed MLP (samples/mlp.py) in GRAPH_MODE, called at batch
# 2 and batch 1: two entries (MLP_construct, MLP_construct_2) in one library.
# The generated C builds with gcc and clang under the generated-code flags,
# its self-test passes, nm finds no allocator and only prefixed symbols; the
# output is byte-identical across runs and directories; a corrupted expected
# value makes the self-test fail.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc compile %s -o %t/out --name mlp > %t/stdout
# RUN: FileCheck --check-prefix=OUT %s < %t/stdout
# RUN: FileCheck --check-prefix=HDR %s < %t/out/mlp.h
# RUN: FileCheck --check-prefix=SRC %s < %t/out/mlp.c
# RUN: ls %t/out | FileCheck --check-prefix=LS %s
# RUN: bash %S/Inputs/check-lib.sh --keep %t/out mlp | FileCheck --check-prefix=TEST %s
# RUN: mv %t/out/obj-gcc %t/obj
# determinism: again into another directory, and again into the same one
# RUN: cd %t && %msc compile %s -o out2 --name mlp > /dev/null
# RUN: cp -r %t/out %t/first && %msc compile %s --name=mlp -o %t/out > /dev/null
# RUN: for f in %t/first/*; do cmp $f %t/out2/$(basename $f) && cmp $f %t/out/$(basename $f) || exit 1; done
# a wrong expected value is caught
# RUN: sed -i '0,/_want0\[6\] = {/s//&1 + /' %t/out2/mlp_test.c
# (out2/mlp.c is out/mlp.c, cmp above: check-lib's gcc object is reused)
# RUN: cc -c %t/out2/mlp_test.c -o %t/bad_test.o
# RUN: cc %t/obj/mlp.o %t/bad_test.o -lm -o %t/bad && not %t/bad | FileCheck --check-prefix=BAD %s
# --memory-report: per entry figures on stderr
# RUN: %msc compile %s -o %t/out3 --memory-report 2>&1 >/dev/null | FileCheck --check-prefix=MEM %s
# the header's memory plans are the report's, figure for figure
# RUN: %msc compile %s -o %t/out4 --memory-report 2>&1 >/dev/null | grep -v '^msc: compile: ' > %t/mem.report
# RUN: sed -n 's/^ \* | //p' %t/out4/mlp.h > %t/mem.header
# RUN: diff %t/mem.report %t/mem.header
# RUN: grep -c 'live \[' %t/mem.header | FileCheck --check-prefix=ROWS %s
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(0)


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.layers = nn.SequentialCell(
            nn.Dense(4 * 4, 8, weight_init=Tensor(np.random.randn(8, 16).astype(np.float32) * 0.3),
                     bias_init=Tensor(np.random.randn(8).astype(np.float32) * 0.1)),
            nn.ReLU(),
            nn.Dense(8, 3, weight_init=Tensor(np.random.randn(3, 8).astype(np.float32) * 0.3),
                     bias_init=Tensor(np.random.randn(3).astype(np.float32) * 0.1)),
        )

    def construct(self, x):
        x = self.flatten(x)
        return self.layers(x)


net = MLP()
x = Tensor(np.linspace(-1.0, 1.0, 2 * 16).reshape(2, 1, 4, 4).astype(np.float32))
print(net(x))
print(net(x[0:1]))
# OUT: {{\[\[}}-0.5375853   0.18650198 -0.01440277]
# OUT: [ 0.5292246   1.6114689  -1.4588861 ]]
# OUT: {{\[\[}}-0.537585{{[0-9]}} 0.186501{{[0-9]+}} -0.014402{{[0-9]+}}]]

# HDR: #ifndef MLP_H
# HDR: extern "C" {
# HDR: #define MLP_DTYPE_BOOL 0
# HDR: #define MLP_DTYPE_FLOAT32 7
# HDR: #define MLP_NUM_ENTRIES 2
# HDR: /* entry mlp_MLP_construct: graph @MLP_construct
# HDR-NEXT: memory: arena [[ARENA:[0-9]+]] bytes (lower bound {{[0-9]+}}), weights 652 bytes
# HDR-NEXT: memory plan:
# HDR-NEXT: | memory plan for @MLP_construct: arena [[ARENA]] bytes, lower bound
# HDR-NEXT: |   placement: greedy by size
# HDR-NEXT: {{^}} * | %0    Reshape      view     offset -
# HDR-NEXT: {{^}} * | %1    Fusion       value    offset {{ *[0-9]+}} size 64        live [1, 2]  mlp.py:{{[0-9]+}}:16
# HDR: */
# HDR: #define MLP_MLP_CONSTRUCT_WORKSPACE_SIZE {{[0-9]+}}
# HDR: #define MLP_MLP_CONSTRUCT_WEIGHTS_SIZE 652
# HDR: #define MLP_MLP_CONSTRUCT_IN0_SHAPE {2, 1, 4, 4}
# HDR: #define MLP_MLP_CONSTRUCT_IN0_SIZE 32
# HDR: #define MLP_MLP_CONSTRUCT_OUT0_SHAPE {2, 3}
# HDR: #define MLP_MLP_CONSTRUCT_OUT0_SIZE 6
# HDR: #define MLP_MLP_CONSTRUCT_OUT0_DTYPE MLP_DTYPE_FLOAT32
# HDR-NEXT: #define MLP_MLP_CONSTRUCT_OUT0_DTYPE_NAME "Float32"
# HDR: int mlp_MLP_construct(const float *x, float *out0);
# HDR: int mlp_MLP_construct_ws(void *ws, const float *x, float *out0);
# HDR: /* entry mlp_MLP_construct_2: graph @MLP_construct
# HDR: #define MLP_MLP_CONSTRUCT_2_IN0_SHAPE {1, 1, 4, 4}
# HDR: int mlp_MLP_construct_2(const float *x, float *out0);
# HDR: #endif /* MLP_H */

# the weights are static const hex-float arrays (the first weight of
# layers.0, 0.3 * randn, seed 0: 0.52921... = 0x1.0ef55ep-1)
# SRC-NOT: #include "msrt.h"
# SRC: /* ---- runtime/gemm.c ---- */
# SRC: MLP_WEIGHTS_ATTR static const float mlp_MLP_construct_impl_c0[128] = {
# SRC-NEXT: 0x1.0ef55ep-1f,
# SRC: static int mlp_MLP_construct_impl(void *const *args, void *ws) {
# SRC: static unsigned char mlp_MLP_construct_arena[{{[0-9]+}}] MLP_ARENA_ATTR;
# SRC: int mlp_MLP_construct_ws(void *ws, const float *x, float *out0) {
# SRC: if (!x) return MLP_ERR_NULL;
# SRC: int mlp_MLP_construct(const float *x, float *out0) {
# SRC-NOT: malloc

# the runtime is inside mlp.c (the default --runtime=inline)
# LS: mlp.c
# LS-NEXT: mlp.h
# LS-NEXT: mlp_test.c
# LS-NOT: {{.}}

# TEST: == gcc
# TEST-NEXT: mlp_MLP_construct: ok (1 output, max abs error {{.*}})
# TEST-NEXT: mlp_MLP_construct_2: ok (1 output, max abs error {{.*}})
# TEST: == clang
# TEST-NEXT: mlp_MLP_construct: ok
# TEST-NEXT: mlp_MLP_construct_2: ok
# TEST: check-lib: ok

# BAD: mlp_MLP_construct: output 0 element 0: got -0.537585{{.*}}, want 0.462414{{.*}}
# BAD-NEXT: mlp_MLP_construct: FAIL
# BAD-NEXT: mlp_MLP_construct_2: ok

# MEM: msc: compile: entry mlp_MLP_construct
# MEM: memory plan for @MLP_construct: arena
# MEM: msc: compile: entry mlp_MLP_construct: arena {{[0-9]+}} bytes, lower bound {{[0-9]+}} bytes, weights 652 bytes
# MEM: msc: compile: entry mlp_MLP_construct_2: arena
# ROWS: {{[1-9][0-9]*}}
