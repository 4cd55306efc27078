#!/usr/bin/env bash
# fuzz.sh run|merge FUZZ_BUILD OUT SECONDS TARGET... — the libFuzzer targets
# of fuzz/ (README "Fuzzing"; `make fuzz`, `make fuzz-merge`).
#
#   run    each target for SECONDS, one after the other: the corpus kept in
#          OUT/corpus/TARGET between runs (new inputs go there), read-only
#          seeds from tests/fuzz/corpus/TARGET (committed, minimised) and
#          OUT/seed/TARGET (made once from the test tree: scripts, .mir
#          files, .npy/.npz files), the dictionary fuzz/TARGET.dict;
#          findings in OUT/artifacts/TARGET/{crash,leak,timeout,oom}-*.
#          Appends one line per target to OUT/history.txt and writes
#          OUT/summary.txt: target, seconds, execs (this run and cumulative),
#          coverage, corpus size, crashes, leaks, timeouts, ooms.
#   merge  minimises OUT/corpus/TARGET plus the committed corpus into
#          tests/fuzz/corpus/TARGET (libFuzzer -merge=1), to commit.
#
# A target stops at its first finding (crash, leak, timeout: 20 s per input,
# 300 s for run). Environment: FUZZ_JOBS (default 1) targets at once; FUZZ_NICE (default
# 19) the nice level; FUZZ_ARGS extra libFuzzer flags.
set -u
mode=$1 bin=$2 out=$3 secs=$4
shift 4
targets=("$@")
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
mkdir -p "$out"
# absolute paths: a target runs in a scratch directory of its own
out=$(cd "$out" && pwd) bin=$(cd "$bin" && pwd)

# seeds from the test tree, once per target (small files only)
seed() {
  local t=$1 d=$out/seed/$1
  [ -d "$d" ] && return
  mkdir -p "$d"
  case $t in
    parse)
      find tests -name '*.py' -size -16k -not -path '*/Output/*' -not -path '*/lit-out/*' |
        sort | while read -r f; do cp "$f" "$d/$(echo "$f" | tr / _)"; done ;;
    run) # the whole pipeline under ASan: small scripts only (no training runs)
      find tests -name '*.py' -size -3k -not -path '*/Output/*' -not -path '*/lit-out/*' \
        -not -path '*/models/*' -not -path '*/corpus/*' -not -path '*/e2e/*' |
        sort | while read -r f; do cp "$f" "$d/$(echo "$f" | tr / _)"; done ;;
    mir)
      find tests -name '*.mir' -size -16k | sort |
        while read -r f; do cp "$f" "$d/$(echo "$f" | tr / _)"; done ;;
    npy)
      /usr/bin/python3 tests/numpy/Inputs/make_npy.py "$d" >/dev/null 2>&1
      find "$d" -type f -size +64k -delete ;;
  esac
}

case $mode in
  run)
    : >"$out/summary.txt.new"
    printf '%-8s %8s %12s %14s %8s %8s %8s %6s %9s %5s\n' target seconds execs execs-total cov corpus \
      crashes leaks timeouts ooms >>"$out/summary.txt.new"
    status=0
    run_one() {
      local t=$1 log=$out/$1.log
      seed "$t"
      mkdir -p "$out/corpus/$t" "$out/artifacts/$t" "tests/fuzz/corpus/$t"
      local dict=()
      [ -f "fuzz/$t.dict" ] && dict=(-dict="$root/fuzz/$t.dict")
      # the whole pipeline imports lib/mindspore per input (a copy of the
      # tree parsed once, then resolved and run): up to seconds under ASan
      # on a loaded machine, not a hang
      local to=20 len=16384
      [ "$t" = run ] && to=300
      # the parser's inputs stay at libFuzzer's usual 4 KB: twice the
      # inputs per second of 16 KB ones, and 4 KB nest deeper than the
      # nesting limit (frontend/limits.h) allows
      [ "$t" = parse ] && len=4096
      echo "fuzz: $t for ${secs}s (log $log)"
      # a 64 MB quarantine of freed blocks (ASan's default 256 MB): a
      # target's rss levels off at ~150 MB instead of ~400 MB on a machine
      # shared with other jobs (throughput about the same)
      # in a scratch directory: a fuzzed script may write files (open(),
      # np.save, save_checkpoint) relative to its working directory
      mkdir -p "$out/cwd/$t"
      (cd "$out/cwd/$t" &&
        ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1:quarantine_size_mb=64} \
        nice -n "${FUZZ_NICE:-19}" "$bin/fuzz/$t" -max_total_time="$secs" -timeout="$to" -rss_limit_mb=2560 \
        -max_len="$len" -print_final_stats=1 "${dict[@]}" -artifact_prefix="$out/artifacts/$t/" \
        ${FUZZ_ARGS:-} "$out/corpus/$t" "$root/tests/fuzz/corpus/$t" "$out/seed/$t") >"$log" 2>&1
    }
    jobs=${FUZZ_JOBS:-1}
    for t in "${targets[@]}"; do
      run_one "$t" &
      while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    done
    wait
    for t in "${targets[@]}"; do
      log=$out/$t.log
      execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
      tsec=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
      cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
      corp=$(find "$out/corpus/$t" -type f | wc -l)
      n() { find "$out/artifacts/$t" -name "$1-*" | wc -l; }
      echo "$(date -u +%FT%TZ) $t ${tsec:-0} ${execs:-0}" >>"$out/history.txt"
      total=$(awk -v t="$t" '$2 == t { s += $4 } END { print s + 0 }' "$out/history.txt")
      printf '%-8s %8s %12s %14s %8s %8s %8s %6s %9s %5s\n' "$t" "${tsec:-?}" "${execs:-?}" "$total" "${cov:-?}" \
        "$corp" "$(n crash)" "$(n leak)" "$(n timeout)" "$(n oom)" >>"$out/summary.txt.new"
      if [ "$(n crash)$(n leak)$(n timeout)$(n oom)" != 0000 ] || [ -z "$execs" ]; then
        status=1
        echo "fuzz: $t: findings (or no stats) — see $log and $out/artifacts/$t/"
      fi
    done
    mv "$out/summary.txt.new" "$out/summary.txt"
    cat "$out/summary.txt"
    exit $status ;;
  merge)
    for t in "${targets[@]}"; do
      seed "$t"
      mkdir -p "$out/corpus/$t" "tests/fuzz/corpus/$t"
      tmp=$(mktemp -d)
      ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=0} \
        nice -n "${FUZZ_NICE:-19}" "$bin/fuzz/$t" -merge=1 -timeout=20 -rss_limit_mb=2560 -max_len=16384 "$tmp" \
        "tests/fuzz/corpus/$t" "$out/corpus/$t" "$out/seed/$t" >"$out/$t.merge.log" 2>&1 ||
        { echo "fuzz: merge of $t failed (see $out/$t.merge.log)"; rm -rf "$tmp"; exit 1; }
      rm -f "tests/fuzz/corpus/$t"/*
      cp "$tmp"/* "tests/fuzz/corpus/$t"/ 2>/dev/null
      rm -rf "$tmp"
      echo "fuzz: tests/fuzz/corpus/$t: $(find "tests/fuzz/corpus/$t" -type f | wc -l) inputs"
    done ;;
  *) echo "usage: $0 run|merge FUZZ_BUILD OUT SECONDS TARGET..." >&2; exit 2 ;;
esac
