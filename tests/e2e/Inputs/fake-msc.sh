#!/bin/sh
# fake-msc.sh MODE: stands in for msc under msc-checked (tests/lit-tools/msc-checked.c)
# (tests/e2e/msc_checked_wrapper.py): prints what MODE says and exits.
echo "stdout line"
case $1 in
  clean) exit 0 ;;
  error) echo "x.py:1:1: error: NameError: name 'y' is not defined" >&2; exit 1 ;;
  leak) echo "msc: internal: 3 objects leaked (refcount)" >&2; exit 0 ;;
  asan) echo "==12==ERROR: AddressSanitizer: heap-use-after-free on address 0x1" >&2; exit 1 ;;
  lsan) echo "==12==ERROR: LeakSanitizer: detected memory leaks" >&2; exit 23 ;;
  ubsan) echo "eval/x.c:3:5: runtime error: signed integer overflow" >&2; exit 0 ;;
  signal) kill -s SEGV $$ ;;
  sleep) sleep 5 ;;
  # a child of msc (the JIT's C compiler) outlives a timeout only if the
  # wrapper kills msc alone: it would write $2 after 3 s
  child) (sleep 3; echo late > "$2") & sleep 5 ;;
  stdin) cat; exit 0 ;;
esac
