#!/usr/bin/env bash
# lit-msc-free.sh — the lit tests under tests/ that never run msc: no RUN
# line names %msc (today the runtime's sources under three compilers, the
# epilogue kernels against numpy, the firmware helper scripts). Their result
# does not depend on the msc build, so scripts/run-tests.sh runs them in the
# plain pass only and scripts/coverage.sh (which measures msc) not at all.
# Prints a regex for lit's --filter-out (nothing when there is none);
# with -l, the test names one per line instead.
set -u
cd "$(dirname "$0")/.." || exit 2
names=()
while IFS= read -r f; do
  grep -q 'RUN:' "$f" && ! grep 'RUN:' "$f" | grep -q '%msc' && names+=("${f#tests/}")
done < <(find tests -path tests/lit-tools -prune -o -path '*/Inputs' -prune -o \
           \( -name '*.py' -o -name '*.mir' \) -type f -print | LC_ALL=C sort)
[ ${#names[@]} -gt 0 ] || exit 0
if [ "${1:-}" = -l ]; then printf '%s\n' "${names[@]}"; exit 0; fi
printf ':: (%s)$\n' "$(printf '%s\n' "${names[@]}" | sed 's/[.]/[.]/g' | paste -sd'|')"
