# RUN: rm -rf %t.cache && mkdir -p %t.cache
# RUN: for s in s000_graph_compile_print s000_jit_function s000_jit_construct s002_mlp_graph_context s002_mlp_jit_run s002_mlp_jit_functional s002_mlp_jit_construct s003_add_graph_and_pynative s003_mul_graph s003_for_loop_graph s004_tensor_cal_default s004_tensor_cal_ast s004_tensor_cal_trace s004_tensor_cal_bytecode s004_foo_ir; do \
# RUN:   CC=false not %msc run --cache-dir=%t.cache %shared/seed-examples/$s.py > %t.out 2> %t.err || exit 1; \
# RUN:   grep -q "error: RuntimeError: graph mode: the C compiler 'false' failed (exit status 1); see .*\.log" %t.err || { echo "$s:"; cat %t.err; exit 1; }; \
# RUN:   CC=false %msc run --backend=ref %shared/seed-examples/$s.py > %t.out || { echo "$s: ref backend failed"; exit 1; }; \
# RUN: done
# Proof that graph mode runs compiled code: with CC=false every graph seed
# example fails with msc's compiler error (naming the log), and with
# --backend=ref (no C compiler) each runs.
