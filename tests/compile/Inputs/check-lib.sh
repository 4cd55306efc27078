#!/bin/bash
# check-lib.sh DIR NAME — builds the library msc compile wrote in DIR with gcc
# and clang under the generated-code standard, runs its self-test, and checks
# the objects with nm: no allocator referenced, NAME.o defines only NAME_*
# symbols, the runtime's objects (--runtime=separate) only msrt_* ones;
# with arm-none-eabi-gcc present, every .c also compiles for a Cortex-M4F.
#
# check-lib.sh --quick DIR NAME — the same with gcc only; clang and
# arm-none-eabi-gcc only check the text (-fsyntax-only: every warning of
# their front ends, -Wconversion with ARM's 32-bit size_t included, without
# generating code), and all of it with -DMSRT_NO_SIMD: the portable kernels
# only, not the x86 SIMD ones (5/6 of a LeNet library's gcc -O1 time: 3.75
# vs 0.60 s). For the tests of one feature of the generated C: the runtime
# kernels such a library carries are the same text as in
# tests/compile/{runtime,mlp,lenet}.py, which build them in full (SIMD
# included) with all three, and their code generation is most of the
# seconds; the SIMD and portable paths give the same bits (tests/unit/
# test_gemm_isa.c, test_gemv.c force every one). The runtime files of a
# --runtime=separate library (msrt_*.c) gcc compiles at -O0 (below).
#
# --keep (before or after --quick) leaves gcc's objects in DIR/obj-gcc
# (NAME.o, NAME_test.o, msrt_*.o, selftest) for the test to link again
# (e.g. a self-test with a wrong expected value must fail) instead of
# compiling the same NAME.c a second time: the library is most of the
# seconds (its weights and the runtime text).
set -e
quick=0
keep=0
while :; do
  case $1 in
    --quick) quick=1; shift ;;
    --keep) keep=1; shift ;;
    *) break ;;
  esac
done
dir=$1
name=$2
flags="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1"
rt=$(ls "$dir"/msrt_*.c 2>/dev/null || true)
compilers="gcc clang"
[ $quick = 1 ] && compilers=gcc && flags="$flags -DMSRT_NO_SIMD"
for cc in $compilers; do
  obj=$dir/obj-$cc
  mkdir -p "$obj"
  for f in "$dir"/*.c; do
    case $quick$(basename "$f") in
      1msrt_*)
        # --quick, a --runtime=separate runtime file: tests/compile/Inputs/
        # seeds.sh's command for the same text, word for word (make test's
        # compiler cache answers it from tests/compile/seeds.py): -O0, the
        # warnings the front end gives; the middle end's are
        # tests/runtime/strict_c99.py's (arm-none-eabi-gcc -O2, the portable
        # kernels) and the Makefile's (RTWARN, -O2, SIMD)
        gcc -std=c99 -O0 -DMSRT_NO_SIMD -Wall -Wextra -Wpedantic -Wconversion -Werror \
          -c "$f" -o "$obj/$(basename "${f%.c}").o" ;;
      *) $cc $flags -c "$f" -o "$obj/$(basename "${f%.c}").o" ;;
    esac
  done
  $cc "$obj"/*.o -lm -o "$obj/selftest"
  echo "== $cc"
  "$obj/selftest"
  # no allocator, in the library or the runtime
  if nm -u "$obj/$name.o" ${rt:+"$obj"/msrt_*.o} | grep -Ew 'malloc|calloc|realloc|free|aligned_alloc|printf|fopen'; then
    echo "FAIL: an allocator or stdio is referenced"; exit 1
  fi
  bad=$(nm -g --defined-only "$obj/$name.o" | awk 'NF==3 {print $3}' | grep -v "^${name}_" || true)
  if [ -n "$bad" ]; then echo "FAIL: $name.o exports $bad"; exit 1; fi
  if [ -n "$rt" ]; then
    bad=$(nm -g --defined-only "$obj"/msrt_*.o | awk 'NF==3 {print $3}' | grep -v '^msrt_' || true)
    if [ -n "$bad" ]; then echo "FAIL: the runtime exports $bad"; exit 1; fi
  fi
  [ $keep = 1 ] && [ $cc = gcc ] || rm -rf "$obj"
done
if [ $quick = 1 ]; then
  for f in "$dir"/*.c; do clang $flags -fsyntax-only "$f"; done
  echo "== clang: no warnings"
  if command -v arm-none-eabi-gcc >/dev/null 2>&1; then
    for f in "$dir"/*.c; do
      arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 $flags \
        -fsyntax-only "$f"
    done
    echo "== arm-none-eabi-gcc: no warnings"
  fi
fi
if [ $quick = 0 ] && command -v arm-none-eabi-gcc >/dev/null 2>&1; then
  obj=$dir/obj-arm
  mkdir -p "$obj"
  for f in "$dir"/*.c; do
    arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 -O2 $flags \
      -c "$f" -o "$obj/$(basename "${f%.c}").o"
  done
  if arm-none-eabi-nm -u "$obj/$name.o" | grep -Ew 'malloc|calloc|realloc|free|printf'; then
    echo "FAIL: an allocator or stdio is referenced (arm)"; exit 1
  fi
  rm -rf "$obj"
  echo "== arm-none-eabi-gcc: compiles"
fi
echo "check-lib: ok"
