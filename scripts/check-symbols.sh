#!/usr/bin/env bash
# check-symbols.sh BUILD_DIR — two checks on what a build's symbols expose,
# one test each (scripts/run-tests.sh counts them; the last line is
# "N passed, N failed"):
#
#   eval-data  every object symbol of BUILD/eval/*.o in a writable section
#              (.data, .bss and their .* variants, .tdata, .tbss, COMMON;
#              not .data.rel.ro*, read-only after relocation: a static
#              const table of pointers lives there) is listed in
#              scripts/eval-data.allow, which has at most 10 entries above
#              its TEMPORARY block, each with a reason. Interpreter state
#              lives in Interp (eval/valpriv.h ValState, eval/interp.h Eval).
#   exports    BUILD/msc and every BUILD/tests/unit/* binary define no
#              dynamic symbol (nm -D --defined-only) but msrt_* and the
#              names of driver/msc.dynlist (at most 10, each with a reason),
#              and do export the runtime (msrt_write): JIT'd graphs bind to
#              msrt_* and to nothing else of msc.
#
# A function-local static is named without its compiler's decoration (gcc's
# cap.1, clang's gemm_ws.cap: "cap"). Symbols the toolchain adds for
# instrumentation (__gcov*, __asan*, ASan's __odr_asan.NAME, __ubsan*,
# __sancov*) are not ours and are skipped.
set -u
[ $# -eq 1 ] || { echo "usage: $0 BUILD_DIR" >&2; exit 2; }
b=$1
root=$(cd "$(dirname "$0")/.." && pwd)
allow=$root/scripts/eval-data.allow
dynlist=$root/driver/msc.dynlist
pass=0 fail=0
tmpd=$(mktemp -d)
trap 'rm -rf "$tmpd"' EXIT

# ---- eval-data -------------------------------------------------------------
check_eval_data() {
  local ok=1 f sym key entries n
  shopt -s nullglob
  local objs=("$b"/eval/*.o)
  shopt -u nullglob
  if [ ${#objs[@]} -eq 0 ]; then echo "eval-data: no objects under $b/eval"; return 1; fi
  # "OBJECT SYMBOL" of each allowed entry; reasons are mandatory.
  entries=$(awk '
    /^# TEMPORARY:/ { temp = 1 }
    /^[ \t]*(#|$)/ { next }
    {
      if ($0 !~ /#[ \t]*[^ \t]/) { printf "eval-data: %s:%d: entry without a reason\n", FILENAME, NR > "/dev/stderr"; bad = 1 }
      if (!temp) n++
      print $1, $2
    }
    END {
      if (n > 10) { printf "eval-data: %s: %d entries outside the TEMPORARY block (at most 10)\n", FILENAME, n > "/dev/stderr"; bad = 1 }
      exit bad
    }' "$allow") || ok=0
  local found
  # one objdump for every object ("FILE:     file format ..." heads each)
  found=$(objdump -t "${objs[@]}" | awk '
        / file format / { obj = $1; sub(/:$/, "", obj); sub(/^.*\//, "", obj); next }
        # objdump -t: ADDR FLAGS... SECTION SIZE NAME; data objects carry flag "O"
        $0 ~ / O / {
          for (i = 1; i <= NF; i++) if ($i == "O") break
          sec = $(i + 1); name = $NF
          if (sec ~ /^\.data\.rel\.ro/) next
          if (sec !~ /^\.(data|bss|tdata|tbss)(\.|$)/ && sec != "*COM*") next
          if (name ~ /^__(gcov|asan|odr_asan|ubsan|sancov)/) next
          sub(/\.[0-9]+$/, "", name)   # gcc: cap.1
          sub(/^.*\./, "", name)       # clang: gemm_ws.cap
          print obj, name, sec
        }' | sort -u)
  n=0
  while read -r f sym sec; do
    [ -n "$f" ] || continue
    n=$((n + 1))
    if ! grep -qx "$f $sym" <<< "$entries"; then
      echo "eval-data: $f: '$sym' ($sec) is writable static data not in scripts/eval-data.allow:" \
           "move it into Interp (eval/valpriv.h ValState) or list it with why it is process-wide"
      ok=0
    fi
  done <<< "$found"
  while read -r f sym; do
    [ -n "$f" ] || continue
    grep -q "^$f $sym " <<< "$found" ||
      echo "eval-data: note: '$f $sym' is allowed but not in this build's objects (drop its line if no build has it)"
  done <<< "$entries"
  echo "eval-data [$b]: $n writable symbols in eval/, all allowed: $([ $ok = 1 ] && echo yes || echo NO)"
  [ $ok = 1 ]
}

# ---- exports -----------------------------------------------------------------
check_exports() {
  local ok=1 bin names extra nmsrt n dyn
  # the names the dynamic list spells out (comments stripped, patterns skipped)
  names=$(sed -e 's:/\*[^*]*\*/::g' "$dynlist" | tr -d '\n' | sed -e 's:/\*.*\*/::' |
          tr ';{} \t' '\n\n\n\n\n' | grep -E '^[A-Za-z_][A-Za-z0-9_]*$' | sort -u)
  n=$(grep -c . <<< "$names")
  if [ "$n" -gt 10 ]; then echo "exports: driver/msc.dynlist names $n symbols (at most 10)"; ok=0; fi
  # every named symbol carries a reason on its line
  while read -r sym; do
    [ -n "$sym" ] || continue
    grep -Eq "^[ \t]*$sym;[ \t]*/\*.*[^ \t].*\*/" "$dynlist" ||
      { echo "exports: driver/msc.dynlist: '$sym' has no one-line reason"; ok=0; }
  done <<< "$names"
  # a sanitizer build links the sanitizers' runtime statically (Makefile
  # LDSAN): its interceptors (malloc, strlen, ...) are the executable's
  # dynamic symbols, not msc's; they are what libasan.a/libubsan.a define
  local san_rt=$tmpd/san-rt
  : >"$san_rt"
  if grep -q -a '__asan_init' "$b/msc" 2>/dev/null; then
    local a
    for a in libasan.a libubsan.a; do
      a=$(${CC:-cc} -print-file-name=$a)
      [ -f "$a" ] && nm -g --defined-only "$a" 2>/dev/null | awk 'NF == 3 {print $3}'
    done | sed 's/@.*//' | sort -u >"$san_rt"
  fi
  shopt -s nullglob
  local bins=("$b/msc" "$b"/tests/unit/*)
  shopt -u nullglob
  local nbin=0
  for bin in "${bins[@]}"; do
    [ -f "$bin" ] && [ -x "$bin" ] || continue
    nbin=$((nbin + 1))
    dyn=$(nm -D --defined-only "$bin" | awk '{print $NF}' | sed 's/@.*//')
    extra=$(grep -v '^msrt_' <<< "$dyn" | grep -v -E '^__(gcov|asan|ubsan|sancov|lsan)' | sort -u |
            comm -23 - <(printf '%s\n' "$names") | comm -23 - "$san_rt")
    if [ -n "$extra" ]; then
      echo "exports: $bin defines $(grep -c . <<< "$extra") dynamic symbols that are neither" \
           "msrt_* nor in driver/msc.dynlist:" $(head -n 12 <<< "$extra") \
           "$([ "$(grep -c . <<< "$extra")" -gt 12 ] && echo ...)"
      ok=0
    fi
    nmsrt=$(grep -c '^msrt_write$' <<< "$dyn")
    if [ "$nmsrt" -eq 0 ]; then echo "exports: $bin does not export the runtime (msrt_write): JIT'd code cannot bind"; ok=0; fi
  done
  dyn=$(nm -D --defined-only "$b/msc" | awk '{print $NF}' | sed 's/@.*//')
  echo "exports [$b]: $(grep -c '^msrt_' <<< "$dyn") msrt_* and" \
       "$(grep -v '^msrt_' <<< "$dyn" | sort -u | comm -23 - "$san_rt" | grep -c .) other dynamic symbols in msc$(
         [ -s "$san_rt" ] && echo " (and $(sort -u <<< "$dyn" | comm -12 - "$san_rt" | grep -c .) of the sanitizers' runtime)");" \
       "$nbin binaries checked: $([ $ok = 1 ] && echo ok || echo FAIL)"
  [ $ok = 1 ]
}

if check_eval_data; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
if check_exports; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
