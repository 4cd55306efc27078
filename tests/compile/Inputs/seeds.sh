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
  if ! $msc compile "$seeds/$n.py" -o "$out/$n" --runtime=separate >"$out/$n.run" 2>&1; then
    if grep -q "compiled no graph: nothing to export" "$out/$n.run"; then
      echo "$n: no graph"
    else
      echo "$n: FAIL (msc compile)"; cat "$out/$n.run"
    fi
    continue
  fi
  # gcc at -O0 only, the portable kernels (-DMSRT_NO_SIMD: the x86 SIMD
  # text is built in full by tests/compile/{mlp,lenet,runtime}.py), with
  # the runtime beside the library (--runtime=separate):
  # its files are the same text for every seed (cmp, msrt.h too), so they
  # are compiled once, into $out/rt, and each seed costs only its own file;
  # tests/compile/{mlp,lenet,runtime}.py cover the default inlined runtime,
  # clang, arm-none-eabi-gcc and nm. (check-lib.sh --quick compiles
  # runtime files with this very command, for make test's compiler cache:
  # change both together.)
  if (cd "$out/$n" && { cmp -s msrt.h "$out/rt/msrt.h" || { rm -rf "$out/rt" && mkdir "$out/rt" && cp msrt.h "$out/rt/"; }; } &&
      for f in ./*.c; do
        b=$(basename "$f" .c)
        case $b in
          msrt_*)
            if [ -f "$out/rt/$b.c" ] && cmp -s "$f" "$out/rt/$b.c"; then cp "$out/rt/$b.o" "$b.o"; continue; fi
            cp "$f" "$out/rt/$b.c.new" ;;
        esac
        gcc -std=c99 -O0 -DMSRT_NO_SIMD -Wall -Wextra -Wpedantic -Wconversion -Werror -c "$f" -o "$b.o" || exit 1
        case $b in
          msrt_*) cp "$b.o" "$out/rt/$b.o" && mv "$out/rt/$b.c.new" "$out/rt/$b.c" ;;
        esac
      done && gcc ./*.o -lm -o selftest && ./selftest) >"$out/$n.log" 2>&1; then
    echo "$n: ok"
  else
    echo "$n: FAIL"; cat "$out/$n.log"
  fi
done
