/* fuzz/jitcache.c — libFuzzer target: the JIT cache's manifest reader
 * (codegen/jit.c jit_manifest_parse), the only part of a cache entry read
 * before the object's bytes are hashed and compared with it (the object
 * itself is never loaded unless its SHA-256 matches). A parsed manifest is
 * printed back and must parse to the same values. */
#include "fuzz.h"

#include "../codegen/codegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_setup();
  JitManifest m;
  if (!jit_manifest_parse((const char *)data, size, &m)) return 0;
  char text[160];
  int n = snprintf(text, sizeof text, "msc-jit-manifest 1\nkey %016llx\nsize %llu\nsha256 %s\n",
                   (unsigned long long)m.key, (unsigned long long)m.size, m.sha256);
  JitManifest m2;
  if (n < 0 || (size_t)n >= sizeof text || !jit_manifest_parse(text, (size_t)n, &m2) || m2.key != m.key ||
      m2.size != m.size || strcmp(m2.sha256, m.sha256) != 0)
    abort();
  return 0;
}
