#!/usr/bin/env bash
# firmware-test.sh BUILD_DIR — generated C on a Cortex-M4F under QEMU
# (`make firmware-test`; issue 7, "Firmware proof").
#
# Tests, each counted in the closing "N passed, N failed" line:
#   hello     firmware/hello.c: startup, semihosting output, FPU, .data/.bss
#             and the exit status work on QEMU's mps2-an386 board;
#   quant-unit  tests/unit/test_quant.c built for the Cortex-M4F
#             (firmware/unit_quant.c) and run there: the int8 kernels'
#             Armv7E-M code (runtime/quant.c; mcu.c's int8 MaxPool)
#             against the host test's references;
#   MODEL     for each model script of firmware/models/ (conv_bn:
#             conv3x3-BN-ReLU-pool twice, then Dense, compiled with
#             --fold-bn; the seed MLP 784-512-512-10 at batch 1; LeNet-5 of tests/models at batch
#             1; train_step: 5 steps of a training step that updates its
#             weights in RAM; control_flow: an RNN cell by a while on a
#             tensor counter with an if inside, and a training step whose
#             gradient goes back through an if and a while; and the bundled sample samples/digits_train.py:
#             16 steps of its Adam training step and the exported
#             classifier; digits_int8: that classifier with --quantize=int8,
#             calibrated on the training images; seed_mlp_int8, lenet_int8:
#             the seed MLP (calibrated on 128 random inputs) and LeNet-5 (on
#             lenet_gen.py's 64 other inputs) with --quantize=int8;
#             digits_conv, digits_conv_int8: tests/quant's conv net trained
#             on samples/data (Conv2d 3x3 -> ReLU -> MaxPool -> Dense) from
#             its MINDIR, in float32 and int8 (calibrated on the training
#             images); digits_conv2, digits_conv2_int8: the same with two
#             convolutions (digits_conv.py two: Conv2d 3x3 -> ReLU ->
#             Conv2d 3x3 -> ReLU -> MaxPool -> Dense); the int8 models are
#             not in FIRMWARE_QUICK):
#             `msc compile MODEL.py -o DIR` writes the library and its
#             self-test (NAME.h, NAME.c, NAME_test.c, and msrt.h/msrt_*.c
#             when the runtime is separate): every DIR/*.c is cross-compiled
#             (-std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O2)
#             and linked with firmware/startup.c, semihost.c, newlib.c (the
#             newlib syscalls NAME_test.c's printf needs, over semihosting),
#             the timing wrappers of firmware/wrap_entries.py (-Wl,--wrap=
#             per entry: NAME_test.c is used unchanged) and mps2-an386.ld,
#             then run under qemu-system-arm with a timeout. Passes when the
#             program exits 0 and every entry printed "E: ok" (the self-test
#             compares with the reference executor's outputs);
#   MODEL nm  arm-none-eabi-nm on the library's objects: no allocator is
#             referenced; NAME.o defines only NAME_* external symbols and
#             msrt_*.o (separate runtime) only msrt_* ones;
#   corrupt   the LeNet self-test rebuilt from a copy of lenet_test.c with
#             its first expected value changed must FAIL (exit status 1,
#             "want 1234.5"): proves mismatches are seen.
# Per model it prints the library's flash (text+rodata+data) and RAM
# (data+bss) in the linked image (its objects' sections in the link map,
# firmware/mapsize.py) beside the weights size (the flash floor) and the
# arena and its lower bound (NAME.h's _WEIGHTS_SIZE, _WORKSPACE_SIZE and
# _ARENA_LOWER_BOUND, summed over entries); the whole self-test image's
# figures (arm-none-eabi-size); and per entry the instructions per
# inference (its first call) and the stack high-water mark (over its
# calls): the board's timer 0 (25 MHz) under QEMU -icount shift=0 (1
# instruction = 1 ns of virtual time) counts one tick per 40 instructions
# (calibrated: a 2,000,000-instruction loop reads 50000 ticks). QEMU does
# not model cycles (no pipeline, no wait states; DWT CYCCNT is not
# emulated), so this is an instruction count, not a cycle count.
#
# The matrix (issue 21): each model is compiled by msc once per --target
# and cross-built once per configuration:
#   m4-O2-generic      mps2-an386 (Cortex-M4F), -O2, --target=generic: every model
#   m4-O2-cortex-m4    the same board and flags, --target=cortex-m4 (runtime/mcu.c)
#   m4-Os-generic, m4-Os-cortex-m4   -Os (the usual firmware build): the
#                      inference models (seed_mlp, lenet, conv_bn)
#   m7-O2-cortex-m7    mps2-an500 (Cortex-M7, -mfpu=fpv5-d16): every model
#   m0plus-Os-cortex-m0plus   -M microbit (a Cortex-M0: ARMv6-M, 256 KiB
#                      flash, 16 KiB RAM) built -mcpu=cortex-m0plus with
#                      software float: the digits classifier alone
#                      (--entry=digits_mlp; firmware/microbit.ld)
# FIRMWARE_QUICK=1 (make test's firmware section) runs the first two rows
# only: m4-O2-generic without conv_bn (the models the section always ran),
# m4-O2-cortex-m4 on the inference models: about 50 s of CPU; the whole
# matrix (make firmware-test) takes several minutes.
# The closing table has one row per configuration and inference entry:
# instructions per inference and per multiply-add (the models' MAC counts
# are below), the code over the weights (flash floor), RAM = library data
# + bss + the entry's stack high-water against the arena lower bound
# and the activations' lower bound (NAME.h's _ARENA_LOWER_BOUND and
# _ACTIVATION_LOWER_BOUND: with and without the kernels' scratch); then
# the Cortex-M4F rows at -O2 beside -Os (instructions, per MAC, code).
#
# Environment: MSC_FLAGS (e.g. -O0 or -O2) is given to msc compile;
# QEMU_TIMEOUT (seconds, default 120) bounds each QEMU run;
# FIRMWARE_QUICK=1 the quick subset above; FIRMWARE_ONLY=REGEX only the
# configurations whose label matches (e.g. FIRMWARE_ONLY='m7|m0plus');
# FIRMWARE_MODELS=REGEX only the models whose name matches.
# Builds under BUILD_DIR/firmware/. Needs arm-none-eabi-gcc, newlib and
# qemu-system-arm (scripts/ensure-tools.sh installs them). Exit status:
# non-zero if any test failed.
set -u
[ $# -eq 1 ] || { echo "usage: $0 BUILD_DIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
case $1 in /*) b=$1 ;; *) b=$root/$1 ;; esac
MSC=$b/msc
PY=/usr/bin/python3
FW=$root/firmware
OUT=$b/firmware
QEMU_TIMEOUT=${QEMU_TIMEOUT:-120}
MSC_FLAGS=${MSC_FLAGS:-} # e.g. MSC_FLAGS=-O2: options for msc compile
[ -x "$MSC" ] || { echo "firmware: $MSC not built (make)"; echo "0 passed, 1 failed"; exit 1; }
for t in arm-none-eabi-gcc arm-none-eabi-size qemu-system-arm; do
  command -v $t >/dev/null 2>&1 || {
    echo "firmware: $t missing (scripts/ensure-tools.sh installs it)"; echo "0 passed, 1 failed"; exit 1; }
done

QUICK=${FIRMWARE_QUICK:-0}

# set_config CPU OPT BOARD: the flags of one configuration (ARCH, CFLAGS,
# LDFLAGS, QEMU; TICK: instructions per timer tick under -icount shift=0)
set_config() {
  local cpu=$1 opt=$2 board=$3 ld=$FW/mps2-an386.ld extra=()
  case $cpu in
    cortex-m4) ARCH=(-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard) ;;
    cortex-m7) ARCH=(-mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard) ;;
    cortex-m0plus) ARCH=(-mcpu=cortex-m0plus -mthumb -mfloat-abi=soft) ;;
  esac
  TICK=40
  if [ "$board" = microbit ]; then
    ld=$FW/microbit.ld; extra=(-DFW_NRF51 -DFW_HEAP_SIZE=2048); TICK=62.5
  fi
  CFLAGS=("${ARCH[@]}" "$opt" -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror
          -ffunction-sections -fdata-sections "${extra[@]}")
  # shellcheck disable=SC2054 # (the commas of -Wl, and -semihosting-config)
  LDFLAGS=("${ARCH[@]}" -nostartfiles -T "$ld" -Wl,--gc-sections
           --specs=nano.specs --specs=nosys.specs)
  # shellcheck disable=SC2054
  QEMU=(qemu-system-arm -M "$board" -nographic -monitor none -serial null
        -semihosting-config enable=on,target=native -icount shift=0)
}
set_config cortex-m4 -O2 mps2-an386

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "firmware $1: FAIL${2:+: $2}"; }

rm -rf "$OUT"
mkdir -p "$OUT/fw"

# multiply-adds per inference of the inference entries (the per-MAC column)
macs_of() {
  case $1 in
    seed_mlp_Network_construct) echo 669696 ;;   # 784*512 + 512*512 + 512*10
    lenet_LeNet5_construct) echo 416520 ;;       # 117600 + 240000 + 48000 + 10080 + 840
    conv_bn_ConvBN_construct) echo 290080 ;;     # 56448 + 225792 + 7840
    digits_train_digits_mlp | digits_int8_digits_mlp) echo 9472 ;; # 64*128 + 128*10
    seed_mlp_int8_Network_construct) echo 669696 ;;
    lenet_int8_LeNet5_construct) echo 416520 ;;
    digits_conv_predict | digits_conv_int8_predict) echo 5888 ;; # 64*8*9 + 128*10
    digits_conv2_predict | digits_conv2_int8_predict) echo 80896 ;; # 64*8*9 + 64*16*72 + 256*10
    *) echo 0 ;;
  esac
}

# compile OUT.o SRC [FLAGS...]
compile() { local o=$1 s=$2; shift 2; arm-none-eabi-gcc "${CFLAGS[@]}" "$@" -c "$s" -o "$o"; }

# run_elf ELF LOG: runs the image under QEMU; prints nothing, returns its status
run_elf() { timeout "$QEMU_TIMEOUT" "${QEMU[@]}" -kernel "$1" </dev/null >"$2" 2>&1; }

# fw_build DIR: the board support of the current configuration into DIR
fw_build() {
  local s
  fwobjs=()
  mkdir -p "$1"
  for s in startup semihost newlib; do
    compile "$1/$s.o" "$FW/$s.c" -I"$FW" || { bad "$s.c" "does not compile for ${ARCH[*]}"; return 1; }
    [ $s = newlib ] || fwobjs+=("$1/$s.o")
  done
  newlibo=$1/newlib.o
}
fw_build "$OUT/fw" || { echo "$pass passed, $fail failed"; exit 1; }

# 1. hello
if compile "$OUT/fw/hello.o" "$FW/hello.c" -I"$FW" &&
   arm-none-eabi-gcc "${LDFLAGS[@]}" -o "$OUT/hello.elf" "${fwobjs[@]}" "$OUT/fw/hello.o" -lm; then
  run_elf "$OUT/hello.elf" "$OUT/hello.log"; rc=$?
  if [ $rc -eq 0 ] && grep -q '^hello from cortex-m4' "$OUT/hello.log"; then
    echo "firmware hello: ok (qemu-system-arm -M mps2-an386, semihosting)"; ok
  else
    cat "$OUT/hello.log"; bad hello "exit status $rc"
  fi
else
  bad hello "does not build"
fi

# 1b. quant-unit: tests/unit/test_quant.c on the board (firmware/unit_quant.c
# registers its tests): runtime/quant.c's Armv7E-M code (the dense loop in
# assembly, SMMLAR, the VCVT quantization) against the references the host
# run checks the portable C with
if compile "$OUT/fw/quant.o" runtime/quant.c && compile "$OUT/fw/mcu.o" runtime/mcu.c &&
   compile "$OUT/fw/unit_quant.o" "$FW/unit_quant.c" -Wno-format -I. -Itests/unit &&
   arm-none-eabi-gcc "${LDFLAGS[@]}" -Wl,--wrap=main -o "$OUT/unit_quant.elf" "${fwobjs[@]}" "$newlibo" \
       "$OUT/fw/quant.o" "$OUT/fw/mcu.o" "$OUT/fw/unit_quant.o" -lm; then
  run_elf "$OUT/unit_quant.elf" "$OUT/unit_quant.log"; rc=$?
  if [ $rc -eq 0 ] && grep -q '^[1-9][0-9]* passed, 0 failed' "$OUT/unit_quant.log"; then
    echo "firmware quant-unit: ok (tests/unit/test_quant.c on the Cortex-M4F: $(tail -n 1 "$OUT/unit_quant.log"))"; ok
  else
    cat "$OUT/unit_quant.log"; bad quant-unit "exit status $rc"
  fi
else
  bad quant-unit "does not build"
fi

# msc compile's output: every .c of DIR (NAME.c, NAME_test.c and, in the
# separate-runtime layout, msrt_*.c) to DIR/obj/*.o; plus the timing
# wrappers of wrap_entries.py. build_lib DIR NAME [TESTC]: TESTC replaces
# NAME_test.c (the corrupted copy). Links DIR/test.elf.
build_lib() {
  local d=$1 name=$2 testc=${3:-} s o objs=() wraps=() e
  rm -rf "$d/obj"; mkdir -p "$d/obj"
  for s in "$d/lib"/*.c; do
    [ -n "$testc" ] && [ "$(basename "$s")" = "${name}_test.c" ] && s=$testc
    o=$d/obj/$(basename "$s" .c).o
    compile "$o" "$s" -I"$d/lib" || { echo "firmware: $s does not compile for ${ARCH[*]}"; return 1; }
    objs+=("$o")
  done
  $PY "$FW/wrap_entries.py" "$d/lib/$name.h" "$d/obj/wrap.c" >"$d/entries" || return 1
  compile "$d/obj/wrap.o" "$d/obj/wrap.c" -I"$FW" -I"$d/lib" || return 1
  while read -r e; do wraps+=("-Wl,--wrap=$e"); done <"$d/entries"
  arm-none-eabi-gcc "${LDFLAGS[@]}" -Wl,--wrap=main "${wraps[@]}" -u _printf_float \
      -Wl,-Map="$d/test.map" -o "$d/test.elf" \
      "${fwobjs[@]}" "$newlibo" "$d/obj/wrap.o" "${objs[@]}" -lm
}

# selftest_ok DIR LOG: every entry of DIR/entries printed "E: ok"
selftest_ok() {
  local e
  [ -s "$1/entries" ] || return 1
  while read -r e; do grep -q "^$e: ok" "$2" || return 1; done <"$1/entries"
}

# nm_check DIR NAME: the library's ARM objects reference no allocator;
# NAME.o defines only NAME_-prefixed external symbols, msrt_*.o (separate
# runtime) only msrt_-prefixed ones. Prints what is wrong.
nm_check() {
  local d=$1 name=$2 o b bad=0 alloc defs
  for o in "$d/obj"/*.o; do
    b=$(basename "$o" .o)
    case $b in "${name}_test" | wrap) continue ;; esac
    alloc=$(arm-none-eabi-nm -u "$o" | awk '{print $NF}' | grep -E '^(malloc|free|calloc|realloc|_malloc_r|_free_r|_calloc_r|_realloc_r)$')
    [ -z "$alloc" ] || { echo "  $b.o references an allocator: $alloc"; bad=1; }
    case $b in
      "$name") defs=$(arm-none-eabi-nm -g --defined-only "$o" | awk '{print $NF}' | grep -v "^${name}_") ;;
      msrt_*) defs=$(arm-none-eabi-nm -g --defined-only "$o" | awk '{print $NF}' | grep -v '^msrt_') ;;
      *) defs="(unexpected object $b.o)" ;;
    esac
    [ -z "$defs" ] || { echo "  $b.o defines symbols outside its prefix: $(printf "%s" "$defs" | tr "\n" " ")"; bad=1; }
  done
  return $bad
}

# kib N: N bytes as "123.4 KiB"
kib() { awk -v n="$1" 'BEGIN { printf "%.1f KiB", n / 1024 }'; }

# ratio A B: A / B as "1.006" ("-" when B is 0)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else printf "-" }'; }

# hdr_sum DIR NAME SUFFIX: the sum over entries of NAME.h's _SUFFIX macros
hdr_sum() {
  awk -v s="_$3" '$1 == "#define" && substr($2, length($2) - length(s) + 1) == s { n += $3 } END { print n + 0 }' "$1/lib/$2.h"
}


# 2. the models, per configuration
# msc_lib MODEL TARGET: msc compile's output for MODEL at --target=TARGET
# into $OUT/src/MODEL-TARGET/lib (once per pair); prints the directory.
msc_lib() {
  local model=$1 target=$2 s=$OUT/src/$1-$2 src args
  if [ ! -d "$s/lib" ]; then
    mkdir -p "$s/data"
    if [ "$model" = lenet ] || [ "$model" = lenet_int8 ]; then
      $PY tests/models/Inputs/lenet_gen.py "$s/data" || { echo "firmware: lenet_gen.py failed" >&2; return 1; }
    fi
    # the bundled sample (samples/digits_train.py: 10 epochs of training,
    # then the exported classifier) reads samples/data itself
    src=$FW/models/$model.py
    args=("$s/data")
    case $model in
      digits_train) src=samples/digits_train.py; args=() ;;
      digits_mlp) src=samples/digits_train.py; args=(--entry=digits_mlp --name=digits_train) ;;
      digits_int8) # the classifier in int8 (--quantize=int8), calibrated on the training images
        src=samples/digits_train.py
        "$MSC" run "$src" samples/data --save="$s/data" >/dev/null || { echo "firmware: digits_train.py --save failed" >&2; return 1; }
        args=(--entry=digits_mlp --name=digits_int8 --quantize=int8 --calibration="$s/data/train_x.npy") ;;
      digits_conv | digits_conv_int8 | digits_conv2 | digits_conv2_int8)
        # the conv net of tests/quant (trained on samples/data), from its MINDIR; conv2: its two-convolution variant
        variant=(); case $model in digits_conv2*) variant=(two) ;; esac
        "$MSC" run tests/quant/Inputs/digits_conv.py samples/data "$s/data" "${variant[@]}" >"$s/train.log" ||
          { echo "firmware: digits_conv.py failed" >&2; return 1; }
        src=$s/data/digits_conv.mindir; args=(--name="$model")
        case $model in *_int8) args+=(--quantize=int8 --calibration="$s/data/train_x.npy") ;; esac ;;
      conv_bn) args+=(--fold-bn) ;; # BatchNorm folded into the convolutions
      seed_mlp_int8) # --quantize=int8, calibrated on 128 random inputs in the test input's range
        src=$FW/models/seed_mlp.py
        $PY -c "import numpy as np, sys; np.save(sys.argv[1], np.random.RandomState(7).uniform(-1, 1, (128, 1, 28, 28)).astype(np.float32))" "$s/data/cal.npy"
        args+=(--name=seed_mlp_int8 --quantize=int8 --calibration="$s/data/cal.npy") ;;
      lenet_int8) # --quantize=int8, calibrated on lenet_gen.py's 64 other inputs
        src=$FW/models/lenet.py
        args+=(--name=lenet_int8 --quantize=int8 --calibration="$s/data/x64.npy") ;;
    esac
    # shellcheck disable=SC2086 # MSC_FLAGS: several options
    if ! "$MSC" compile $MSC_FLAGS --target="$target" "$src" -o "$s/lib" "${args[@]}" >"$s/compile.log" 2>&1; then
      cat "$s/compile.log" >&2; rm -rf "$s/lib"; return 1
    fi
  fi
  echo "$s"
}

table=()
lenet_dir=""
# run_config LABEL CPU OPT BOARD TARGET MODEL... (skipped unless LABEL
# matches $FIRMWARE_ONLY, a grep -E pattern, when that is set)
run_config() {
  local label=$1 cpu=$2 opt=$3 board=$4 target=$5 model d s name
  shift 5
  [ -z "${FIRMWARE_ONLY:-}" ] || echo "$label" | grep -Eq "$FIRMWARE_ONLY" || return 0
  set_config "$cpu" "$opt" "$board"
  fw_build "$OUT/$label/fw" || return
  for model in "$@"; do
    [ -z "${FIRMWARE_MODELS:-}" ] || echo "$model" | grep -Eq "$FIRMWARE_MODELS" || continue
    d=$OUT/$label/$model
    name=$model
    [ "$model" = digits_mlp ] && name=digits_train
    s=$(msc_lib "$model" "$target") || { bad "$label $model" "msc compile failed"; continue; }
    mkdir -p "$d"
    ln -sfn "$s/lib" "$d/lib"
    build_lib "$d" "$name" || { bad "$label $model" "cross build failed"; continue; }
    run_elf "$d/test.elf" "$d/run.log"; rc=$?
    if [ $rc -eq 0 ] && selftest_ok "$d" "$d/run.log"; then ok; else
      cat "$d/run.log"; bad "$label $model" "exit status $rc (124: timeout), or an entry did not print ok"; continue
    fi
    [ "$label" = m4-O2-generic ] && [ "$model" = lenet ] && lenet_dir=$d
    echo "firmware $label $model: $(grep -v 'timer ticks' "$d/run.log" | tr '\n' ' ')"
    if nm_check "$d" "$name" >"$d/nm.log"; then
      echo "firmware $label $model nm: ok (no allocator; external symbols ${name}_* only$(ls "$d/lib"/msrt_*.c >/dev/null 2>&1 && echo ', msrt_* in msrt_*.o'))"; ok
    else
      cat "$d/nm.log"; bad "$label $model nm"
    fi
    libobjs=()
    for o in "$d/obj"/*.o; do case $(basename "$o") in "${name}_test.o" | wrap.o) ;; *) libobjs+=("$o") ;; esac; done
    read -r _ ltext _ ldata _ lbss < <($PY "$FW/mapsize.py" "$d/test.map" "${libobjs[@]}")
    read -r text data bss _ < <(arm-none-eabi-size "$d/test.elf" | tail -n1)
    weights=$(hdr_sum "$d" "$name" WEIGHTS_SIZE)
    lower=$(hdr_sum "$d" "$name" ARENA_LOWER_BOUND)
    actlb=$(hdr_sum "$d" "$name" ACTIVATION_LOWER_BOUND)
    arena=$(hdr_sum "$d" "$name" WORKSPACE_SIZE)
    printf '  library flash %s = %s x the weights %s (the floor; text+rodata %s + data %s, so %s of code)\n' \
      "$(kib $((ltext + ldata)))" "$(ratio $((ltext + ldata)) "$weights")" "$(kib "$weights")" "$ltext" "$ldata" \
      "$(kib $((ltext + ldata - weights)))"
    printf '  library RAM   %s = %s x the arena lower bound %s (data %s + bss %s; arena %s)\n' \
      "$(kib $((ldata + lbss)))" "$(ratio $((ldata + lbss)) "$lower")" "$(kib "$lower")" "$ldata" "$lbss" "$(kib "$arena")"
    printf '  self-test image: flash %s, RAM %s (with test vectors, newlib printf, its heap)\n' \
      "$(kib $((text + data)))" "$(kib $((data + bss)))"
    while read -r e; do
      ticks=$(sed -n "s/^$e: \([0-9]*\) timer ticks.*/\1/p" "$d/run.log" | head -n 1)
      stack=$(sed -n "s/^$e: .*stack \([0-9]*\) bytes.*/\1/p" "$d/run.log" | sort -n | tail -n 1)
      ins=$(awk -v t="$ticks" -v k="$TICK" 'BEGIN { printf "%d", t * k }')
      macs=$(macs_of "$e")
      printf '  %s: ~%s instructions per inference (QEMU -icount shift=0: %s timer ticks x %s), stack high-water %s bytes\n' \
        "$e" "$ins" "$ticks" "$TICK" "$stack"
      case $e in *train_step | *_step) continue ;; esac
      lbl=${e#"${name}"_}
      case $name in *_int8) lbl="$lbl (int8)" ;; esac # --quantize=int8 models
      table+=("$(printf '%-24s %-26s %11s %7s %9s %8s %8s %8s %8s' "$label" "$lbl" "$ins" \
        "$(ratio "$ins" "$macs")" "$((ltext + ldata - weights))" "$((ldata + lbss + stack))" "$lower" "$actlb" "$stack")")
    done <"$d/entries"
  done
}

INFER=(seed_mlp lenet conv_bn)
ALL=(seed_mlp lenet conv_bn train_step control_flow digits_train digits_int8)
ALL+=(seed_mlp_int8 lenet_int8 digits_conv digits_conv_int8 digits_conv2 digits_conv2_int8) # int8 (--quantize=int8) and its float twins: not in FIRMWARE_QUICK
if [ "$QUICK" = 1 ]; then
  run_config m4-O2-generic cortex-m4 -O2 mps2-an386 generic seed_mlp lenet train_step control_flow digits_train
  run_config m4-O2-cortex-m4 cortex-m4 -O2 mps2-an386 cortex-m4 "${INFER[@]}"
else
  run_config m4-O2-generic cortex-m4 -O2 mps2-an386 generic "${ALL[@]}"
  run_config m4-O2-cortex-m4 cortex-m4 -O2 mps2-an386 cortex-m4 "${ALL[@]}"
  run_config m4-Os-generic cortex-m4 -Os mps2-an386 generic "${INFER[@]}"
  run_config m4-Os-cortex-m4 cortex-m4 -Os mps2-an386 cortex-m4 "${INFER[@]}"
  run_config m7-O2-cortex-m7 cortex-m7 -O2 mps2-an500 cortex-m7 "${ALL[@]}"
  run_config m0plus-Os-cortex-m0plus cortex-m0plus -Os microbit cortex-m0plus digits_mlp digits_int8
fi

echo "firmware summary (instructions: QEMU -icount; code = library flash - weights; RAM = library data + bss + stack high-water, bytes)"
printf '  %-24s %-26s %11s %7s %9s %8s %8s %8s %8s\n' config entry instrs per-MAC code RAM arena-lb act-lb stack
for r in "${table[@]}"; do echo "  $r"; done
# the same rows at -O2 beside -Os, per target (the Cortex-M4F configurations)
printf '%s\n' "${table[@]}" | awk '
  $1 ~ /^m4-O[2s]-/ { t = substr($1, 7); k = t " " $2; o = substr($1, 4, 2)
    if (!((o, k) in v)) v[o, k] = sprintf("%11s %7s %6s", $3, $4, $5)
    if (o == "Os" && !(k in seen)) { seen[k] = 1; keys[++n] = k } }
  END { if (!n) exit
    print "firmware -O2 beside -Os (Cortex-M4F; instructions, per MAC, code bytes)"
    printf "  %-10s %-18s %27s %27s\n", "target", "entry", "-O2", "-Os"
    for (i = 1; i <= n; i++) { split(keys[i], f, " ")
      printf "  %-10s %-18s %27s %27s\n", f[1], f[2], v["O2", keys[i]], v["Os", keys[i]] } }'

# 3. a corrupted expected value must fail: the first expected element of
# the LeNet self-test's first output changed (in a copy of lenet_test.c)
if [ -n "$lenet_dir" ]; then
  d=$lenet_dir
  set_config cortex-m4 -O2 mps2-an386
  fw_build "$OUT/fw"
  if $PY - "$d/lib/lenet_test.c" "$d/corrupt_test.c" <<'PYEOF' && build_lib "$d" lenet "$d/corrupt_test.c"; then
import re, sys
s = open(sys.argv[1]).read()
t, n = re.subn(r"(_want0\[\d+\] = \{\s*)[^,}]+", r"\g<1>1234.5f", s, count=1)
if n != 1:
    sys.exit("firmware-test: no _want0 array in " + sys.argv[1])
open(sys.argv[2], "w").write(t)
PYEOF
    run_elf "$d/test.elf" "$d/corrupt.log"; rc=$?
    if [ $rc -eq 1 ] && grep -q ': FAIL' "$d/corrupt.log" && grep -q 'want 1234.5' "$d/corrupt.log"; then
      echo "firmware corrupt: ok (a changed expected value fails: $(grep -v 'timer ticks' "$d/corrupt.log" | tr '\n' ' '))"; ok
    else
      cat "$d/corrupt.log"; bad corrupt "exit status $rc: a corrupted expected value was not caught"
    fi
  else
    bad corrupt "did not build"
  fi
elif [ -n "${FIRMWARE_ONLY:-}" ]; then
  echo "firmware corrupt: not run (FIRMWARE_ONLY leaves out m4-O2-generic's LeNet)"
else
  bad corrupt "no LeNet test to corrupt"
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
