# Training graphs through MindIR: ms.export of a TrainOneStepCell (Dense,
# sparse softmax cross-entropy, Momentum) and of a network in training mode
# (BatchNorm1d updating its moving statistics) writes MindSpore's side-effect
# layout (Load(param, U), Assign(param, value, U), UpdateState, Depend on the
# output; Inputs/mindir_check.py and protoc check it). ms.load + nn.GraphCell
# run it with the file's weights as the cell's Parameters (params_init
# replaces some, of the same dtype and shape), assigned from call to call: three steps' losses, the weights and moments save_checkpoint(cell)
# writes, the BatchNorm outputs and moving statistics agree with numpy
# (Inputs/train_ref.py). The export is byte-identical in PyNative and Graph
# mode, and `msc compile train.mindir` makes a training-step library whose
# self-test (the call, then the Parameters after it) passes with gcc and clang.
# RUN: rm -rf %t && mkdir -p %t/g %t/p
# RUN: cd %t/g && %msc run %S/Inputs/train_net.py | FileCheck %s
# RUN: cd %t/p && %msc run --mode=pynative %S/Inputs/train_net.py > /dev/null
# RUN: cd %t/g && not %msc run %S/Inputs/graphcell_errors.py shape 2>&1 | FileCheck --check-prefix=ESHAPE %s
# RUN: cd %t/g && not %msc run %S/Inputs/graphcell_errors.py dtype 2>&1 | FileCheck --check-prefix=EDTYPE %s
# RUN: cd %t/g && not %msc run %S/Inputs/graphcell_errors.py type 2>&1 | FileCheck --check-prefix=ETYPE %s
# RUN: cmp %t/g/train.mindir %t/p/train.mindir && cmp %t/g/bn_train.mindir %t/p/bn_train.mindir
# RUN: %python %S/Inputs/train_ref.py %t/g | FileCheck --check-prefix=REF %s
# RUN: %python %S/Inputs/mindir_check.py %t/g/train.mindir %t/g/bn_train.mindir | FileCheck --check-prefix=STRUCT %s
# RUN: protoc --decode=mind_ir.ModelProto -I%S/../../serial/proto %S/../../serial/proto/mind_ir.proto < %t/g/bn_train.mindir | FileCheck --check-prefix=PROTOC %s
# RUN: %msc compile %t/g/train.mindir -o %t/lib > /dev/null
# RUN: grep 'a training step' %t/lib/train.h | FileCheck --check-prefix=HDR %s
# RUN: bash %S/../compile/Inputs/check-lib.sh --quick %t/lib train | FileCheck --check-prefix=LIB %s
# RUN: %msc compile %t/g/bn_train.mindir -o %t/bn > /dev/null && cc -std=c99 -DMSRT_NO_SIMD %t/bn/*.c -lm -o %t/bn/st && %t/bn/st | FileCheck --check-prefix=BN %s

# CHECK: params ['fc.weight', 'fc.bias', 'moments.fc.weight', 'momentum', 'learning_rate', 'moments.fc.bias']
# CHECK-NEXT: graphcell vs network 0.0
# CHECK-NEXT: zero weights loss 1.0986123 log(3) 1.0986123
# CHECK-NEXT: done
# ESHAPE: graphcell_errors.py:10:5: error: ValueError: For 'GraphCell', params_init['fc.bias'] must have the model's dtype Float32 and shape (3,), but got Float32 and (4,).
# EDTYPE: graphcell_errors.py:12:5: error: ValueError: For 'GraphCell', params_init['fc.bias'] must have the model's dtype Float32 and shape (3,), but got Int32 and (3,).
# ETYPE: graphcell_errors.py:14:5: error: TypeError: For 'GraphCell', the key of the 'params_init' must be str, and the value must be Tensor or Parameter, but got the key type: <class 'str'>, and the value type: <class 'float'>

# REF: losses 0.94190 0.91596 0.87099 max error {{.*}} ok
# REF-NEXT: checkpoint ['fc.bias', 'fc.weight', 'learning_rate', 'moments.fc.bias', 'moments.fc.weight', 'momentum']
# REF-NEXT: weights max error {{.*}} ok moments max error {{.*}} ok
# REF-NEXT: batchnorm out max error {{.*}} ok moving max error {{.*}} ok

# STRUCT: train.mindir: MindSpore 0.1.1, inputs [('TrainOneStepCell_construct:inputs', 1, [5, 4]), ('TrainOneStepCell_construct:arg', 6, [5])], 6 weights, ops Load UpdateState MatMul
# STRUCT-SAME: Assign UpdateState {{.*}} Assign UpdateState {{.*}} Assign UpdateState {{.*}} Assign UpdateState Depend
# STRUCT: bn_train.mindir: {{.*}} 6 weights, ops {{.*}} Assign UpdateState {{.*}} Assign UpdateState {{.*}} BatchNorm {{.*}} Depend

# PROTOC: type: UMONAD
# PROTOC: op_type: "Assign"
# PROTOC: name: "side_effect_mem"

# HDR: a training step: it updates Parameters held in RAM
# LIB: == gcc
# LIB-NEXT: train_predict: ok (1 call, 1 output each, 4 Parameters, max abs error {{.*}})
# LIB: == clang: no warnings
# LIB: check-lib: ok
# BN: bn_train_predict: ok (1 call, 1 output each, 2 Parameters, max abs error {{.*}})
