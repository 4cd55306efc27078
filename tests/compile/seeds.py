# Every seed example (../shared/seed-examples) through `msc compile`: the
# graph-mode ones give a library that builds with gcc under -std=c99 -Wall
# -Wextra -Wpedantic -Wconversion -Werror and whose self-test matches the
# reference executor; the PyNative
# ones have no graph to export and say so. The training seeds export their
# jit step (weights in RAM; the self-test replays the three steps and
# checks the trained weights); the grad seed in graph mode exports its
# gradient graph.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: bash %S/Inputs/seeds.sh "%msc" %shared/seed-examples %t \
# RUN:   s000_graph_compile_print s000_jit_construct s000_jit_function \
# RUN:   s000_pynative_print s000_train_step s000_train_step_functional s002_mlp_graph_context s002_mlp_jit_construct \
# RUN:   s002_mlp_jit_functional s002_mlp_jit_run s002_mlp_pynative \
# RUN:   s003_add_graph_and_pynative s003_for_loop s003_for_loop_graph s003_grad_wrt_x s003_grad_wrt_x_graph \
# RUN:   s003_mul_graph s003_mul_pynative s004_foo_ir s004_tensor_cal_ast \
# RUN:   s004_tensor_cal_bytecode s004_tensor_cal_default s004_tensor_cal_trace \
# RUN:   | FileCheck %s
# CHECK: s000_graph_compile_print: ok
# CHECK-NEXT: s000_jit_construct: ok
# CHECK-NEXT: s000_jit_function: ok
# CHECK-NEXT: s000_pynative_print: no graph
# CHECK-NEXT: s000_train_step: ok
# CHECK-NEXT: s000_train_step_functional: ok
# CHECK-NEXT: s002_mlp_graph_context: ok
# CHECK-NEXT: s002_mlp_jit_construct: ok
# CHECK-NEXT: s002_mlp_jit_functional: ok
# CHECK-NEXT: s002_mlp_jit_run: ok
# CHECK-NEXT: s002_mlp_pynative: no graph
# CHECK-NEXT: s003_add_graph_and_pynative: ok
# CHECK-NEXT: s003_for_loop: no graph
# CHECK-NEXT: s003_for_loop_graph: ok
# CHECK-NEXT: s003_grad_wrt_x: no graph
# CHECK-NEXT: s003_grad_wrt_x_graph: ok
# CHECK-NEXT: s003_mul_graph: ok
# CHECK-NEXT: s003_mul_pynative: no graph
# CHECK-NEXT: s004_foo_ir: ok
# CHECK-NEXT: s004_tensor_cal_ast: ok
# CHECK-NEXT: s004_tensor_cal_bytecode: ok
# CHECK-NEXT: s004_tensor_cal_default: ok
# CHECK-NEXT: s004_tensor_cal_trace: ok
# CHECK-NOT: FAIL
