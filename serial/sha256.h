/* sha256.h — SHA-256 (FIPS 180-4), for the JIT cache's manifests
 * (codegen/jit.c): the digest of an object's bytes, checked before dlopen. */
#ifndef MSC_SERIAL_SHA256_H
#define MSC_SERIAL_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct Sha256 {
  uint32_t h[8];
  uint64_t len; /* bytes so far */
  uint8_t buf[64];
  size_t nbuf;
} Sha256;

void sha256_init(Sha256 *s);
void sha256_update(Sha256 *s, const void *data, size_t n);
void sha256_final(Sha256 *s, uint8_t out[32]);
/* The digest as 64 lowercase hex digits and a NUL. */
void sha256_hex(const uint8_t digest[32], char out[65]);

#endif
