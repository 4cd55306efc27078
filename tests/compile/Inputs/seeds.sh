#!/bin/bash
# seeds.sh "MSC" SEED_DIR OUT (MSC: a command, split on spaces) — issue 7's "every graph-mode seed example:
# compiled, built on the host with the generated-code flags, self-test
# passes" (gcc here; the model tests run clang, arm-none-eabi-gcc and nm). Prints "NAME: ok" per seed, or "NAME: FAIL" with the log; a seed
# that compiles no graph (PyNative only) must say so and exit 1.
msc=$1
seeds=$2
out=$3
shift 3
for n in "$@"; do
  rm -rf "${out:?}/$n"
  if ! $msc compile "$seeds/$n.py" -o "$out/$n" >"$out/$n.run" 2>&1; then
    if grep -q "compiled no graph: nothing to export" "$out/$n.run"; then
      echo "$n: no graph"
    else
      echo "$n: FAIL (msc compile)"; cat "$out/$n.run"
    fi
    continue
  fi
  # gcc at -O0 only (the literal weight arrays dominate the compile time;
  # tests/compile/{mlp,lenet}.py cover clang, arm-none-eabi-gcc and nm)
  if (cd "$out/$n" && gcc -std=c99 -O0 -Wall -Wextra -Wpedantic -Wconversion -Werror ./*.c -lm \
        -o selftest && ./selftest) >"$out/$n.log" 2>&1; then
    echo "$n: ok"
  else
    echo "$n: FAIL"; cat "$out/$n.log"
  fi
done
