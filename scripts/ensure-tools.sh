#!/bin/sh
# Makes sure the tools msc's build and tests need are present. As root it
# installs what is missing with apt-get; otherwise it stops and prints the
# exact command to run. Called by every make target (cheap when all is there).
set -u
missing=""
need() { # need PACKAGE TEST-COMMAND...
  pkg=$1; shift
  "$@" >/dev/null 2>&1 || case " $missing " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
}
need flex command -v flex
need bison command -v bison
need llvm-14-tools test -x /usr/lib/llvm-14/bin/FileCheck
need llvm-14-tools test -f /usr/lib/llvm-14/build/utils/lit/lit.py
need python3 test -x /usr/bin/python3
need python3-numpy /usr/bin/python3 -c 'import numpy'
# np.load of compressed .npz archives inflates with zlib (eval/npyio.c).
need zlib1g-dev test -f /usr/include/zlib.h
# The LeNet test (tests/models) checks msc against PyTorch computed at test
# time from the same .npy weights.
# numpy's matmul is the reference in `make bench`: without OpenBLAS Debian's
# numpy falls back to the reference BLAS, ~20x slower than the real thing.
need libopenblas0-pthread sh -c 'ls /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3 || ls /usr/lib/*/openblas-pthread/libblas.so.3'
# runtime/ must compile for Cortex-M (tests/runtime/strict_c99.py); the
# firmware issue runs generated code under QEMU with the same toolchain.
need gcc-arm-none-eabi command -v arm-none-eabi-gcc
need libnewlib-arm-none-eabi test -d /usr/lib/arm-none-eabi/newlib
# `make firmware-test` (scripts/firmware-test.sh) runs that code on QEMU's
# mps2-an386 board, a Cortex-M4F.
need qemu-system-arm command -v qemu-system-arm
need python3-torch /usr/bin/python3 -c 'import torch'
# `make fuzz`: clang with libFuzzer (compiler-rt) and its sanitizers.
if [ "${ENSURE_FUZZ:-0}" = 1 ]; then
  need clang-14 command -v clang
  need libclang-rt-14-dev sh -c 'ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a'
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "msc: installing missing tools:$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; } >&2 || {
    echo "msc: error: apt-get could not install:$missing" >&2; exit 1; }
  exit 0
fi
echo "msc: error: missing build/test tools:$missing" >&2
echo "msc: run: sudo apt-get install -y$missing" >&2
exit 1
