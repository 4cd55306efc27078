#!/bin/sh
# fake-msc.sh MODE: stands in for msc under tests/lit-tools/msc-checked
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
esac
