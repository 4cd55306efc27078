#!/bin/bash
# check-lib.sh DIR NAME — builds the library msc compile wrote in DIR with gcc
# and clang under the generated-code standard, runs its self-test, and checks
# the objects with nm: no allocator referenced, NAME.o defines only NAME_*
# symbols, the runtime's objects (--runtime=separate) only msrt_* ones;
# with arm-none-eabi-gcc present, every .c also compiles for a Cortex-M4F.
set -e
dir=$1
name=$2
flags="-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1"
rt=$(ls "$dir"/msrt_*.c 2>/dev/null || true)
for cc in gcc clang; do
  obj=$dir/obj-$cc
  mkdir -p "$obj"
  for f in "$dir"/*.c; do
    $cc $flags -c "$f" -o "$obj/$(basename "${f%.c}").o"
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
  rm -rf "$obj"
done
if command -v arm-none-eabi-gcc >/dev/null 2>&1; then
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
