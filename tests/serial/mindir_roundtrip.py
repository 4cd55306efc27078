# MindIR round trip: ms.export writes a ModelProto that protoc and Python's
# protobuf decode with our mind_ir.proto (Inputs/mindir_check.py checks its
# structure: every operand defined before use, every REF:: a primitive of
# the file, every weight's raw_data the size of its dims, equal to the
# network's Parameter), that ms.load + nn.GraphCell run with the network's
# own outputs (Inputs/nets.py, in PyNative and Graph mode), that a second
# run writes byte-identically, and that `msc compile x.mindir` turns into a
# library whose self-test passes (gcc and clang) and whose C gives the same
# bits as the library `msc compile nets.py` makes of the same network.
# RUN: rm -rf %t && mkdir -p %t/a %t/b %t/g
# RUN: cd %t/a && %msc run %S/Inputs/nets.py | FileCheck %s
# RUN: cd %t/g && %msc run --mode=graph %S/Inputs/nets.py | FileCheck %s
# RUN: cd %t/b && %msc run --mode=pynative %S/Inputs/nets.py > /dev/null
# RUN: cmp %t/a/mlp.mindir %t/b/mlp.mindir && cmp %t/a/lenet.mindir %t/b/lenet.mindir && cmp %t/a/shapes.mindir %t/g/shapes.mindir
# RUN: %python %S/Inputs/mindir_check.py %t/a/mlp.mindir %t/a/lenet.mindir %t/a/shapes.mindir | FileCheck --check-prefix=STRUCT %s
# RUN: protoc --decode=mind_ir.ModelProto -I%S/../../serial/proto %S/../../serial/proto/mind_ir.proto < %t/a/lenet.mindir | FileCheck --check-prefix=PROTOC %s
# RUN: %msc compile %t/a/lenet.mindir -o %t/lenet > /dev/null
# RUN: bash %S/../compile/Inputs/check-lib.sh --quick %t/lenet lenet | FileCheck --check-prefix=LIB %s
# RUN: cd %t/b && %msc compile %S/Inputs/nets.py -o %t/script > /dev/null
# RUN: %python %S/Inputs/cmp_libs.py %t/lenet lenet predict %t/script nets lenet > %t/cmp.c
# (the script's library, which carries both nets and the runtime, compiled once for both programs)
# RUN: cc -std=c99 -DMSRT_NO_SIMD -O1 -c %t/script/nets.c -o %t/nets.o
# RUN: cc -std=c99 -DMSRT_NO_SIMD -O1 -I%t/lenet -I%t/script %t/cmp.c %t/lenet/lenet.c %t/nets.o -lm -o %t/cmp && %t/cmp | FileCheck --check-prefix=SAME %s
# RUN: %msc compile %t/a/mlp.mindir -o %t/mlp > /dev/null && cc -std=c99 -DMSRT_NO_SIMD %t/mlp/*.c -lm -o %t/mlp/st && %t/mlp/st | FileCheck --check-prefix=MLP %s
# RUN: %python %S/Inputs/cmp_libs.py %t/mlp mlp predict %t/script nets mlp > %t/cmp2.c
# RUN: cc -std=c99 -DMSRT_NO_SIMD -O1 -I%t/mlp -I%t/script %t/cmp2.c %t/mlp/mlp.c %t/nets.o -lm -o %t/cmp2 && %t/cmp2 | FileCheck --check-prefix=SAME %s

# CHECK: mlp (2, 4) float32 0.0
# CHECK: lenet (1, 10) float32 0.0
# CHECK: shapes (2, 2, 3) float32 0.0

# STRUCT: mlp.mindir: MindSpore 0.1.1, inputs [('MLP_construct:x', 1, [2, 8])], 4 weights
# STRUCT-SAME: ops MatMul BiasAdd ReLU MatMul BiasAdd
# STRUCT: lenet.mindir: {{.*}} ops Conv2D BiasAdd BatchNorm TupleGetItem ReLU MaxPool Conv2D Sigmoid AvgPool Reshape MatMul BiasAdd Softmax
# STRUCT: shapes.mindir: {{.*}} ops Reshape Transpose ReduceMean Cast MakeTuple Concat Mul Sub Tanh Neg Exp Add

# PROTOC: producer_name: "MindSpore"
# PROTOC: op_type: "REF::Conv2D:{{[0-9]+}}"
# PROTOC: parameter {
# PROTOC-NEXT: dims: 4
# PROTOC-NEXT: dims: 1
# PROTOC-NEXT: dims: 5
# PROTOC-NEXT: dims: 5
# PROTOC-NEXT: data_type: 1
# PROTOC-NEXT: name: "LeNet_construct:conv1.weight"
# PROTOC: primitives {
# PROTOC: op_type: "Conv2D"
# PROTOC: name: "pad_mode"
# PROTOC-NEXT: s: "valid"
# PROTOC: mind_ir_version: 1

# LIB: == gcc
# LIB-NEXT: lenet_predict: ok (1 output, max abs error 0)
# LIB: == clang: no warnings
# LIB: check-lib: ok
# MLP: mlp_predict: ok (1 output, max abs error 0)
# SAME: same bits
