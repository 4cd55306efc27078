# Every sample script in samples/ runs (parses at least) without a crash.
# RUN: for f in %S/../../samples/*.py; do [ -e "$f" ] || continue; %msc run --syntax-only "$f" || exit 1; done
print("samples")
