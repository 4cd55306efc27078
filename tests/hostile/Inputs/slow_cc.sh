#!/bin/sh
# A C compiler that takes a second longer to compile (not to answer
# --version): wide enough a window for two msc processes to miss the same
# JIT cache key at once (tests/hostile/jit_cache_lock.py).
for a in "$@"; do
  if [ "$a" = -o ]; then
    sleep 1
    break
  fi
done
exec cc "$@"
