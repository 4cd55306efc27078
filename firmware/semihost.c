/* semihost.c: ARM semihosting calls (bkpt 0xAB, operation in r0, argument
 * in r1) and small output helpers that need no stdio or heap. */
#include "fw.h"

#define SYS_WRITE0 0x04
#define SYS_EXIT_EXTENDED 0x20
#define ADP_Stopped_ApplicationExit 0x20026u

static uint32_t semihost(uint32_t op, const void *arg) {
  register uint32_t r0 __asm__("r0") = op;
  register const void *r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

void fw_puts(const char *s) { (void)semihost(SYS_WRITE0, s); }

void fw_putu(uint32_t v) {
  char b[12];
  int i = 11;
  b[i] = '\0';
  do {
    b[--i] = (char)('0' + v % 10u);
    v /= 10u;
  } while (v != 0u);
  fw_puts(b + i);
}

void fw_putx(uint32_t v) {
  char b[9];
  int i;
  for (i = 7; i >= 0; i--) {
    b[i] = "0123456789abcdef"[v & 0xFu];
    v >>= 4;
  }
  b[8] = '\0';
  fw_puts(b);
}

void fw_putf(float v) {
  char b[16];
  int e = 0, i = 0;
  uint32_t m;
  if (v != v) { fw_puts("nan"); return; }
  if (v < 0.0f) { b[i++] = '-'; v = -v; }
  if (v > 3.4e38f) { b[i] = '\0'; fw_puts(b); fw_puts("inf"); return; }
  if (v != 0.0f) {
    while (v >= 10.0f) { v /= 10.0f; e++; }
    while (v < 1.0f) { v *= 10.0f; e--; }
  }
  m = (uint32_t)(v * 1000.0f + 0.5f); /* 4 significant digits */
  if (m >= 10000u) { m /= 10u; e++; }
  b[i++] = (char)('0' + m / 1000u);
  b[i++] = '.';
  b[i++] = (char)('0' + m / 100u % 10u);
  b[i++] = (char)('0' + m / 10u % 10u);
  b[i++] = (char)('0' + m % 10u);
  b[i++] = 'e';
  b[i++] = e < 0 ? '-' : '+';
  if (e < 0) e = -e;
  b[i++] = (char)('0' + e / 10);
  b[i++] = (char)('0' + e % 10);
  b[i] = '\0';
  fw_puts(b);
}

void fw_exit(int code) {
  uint32_t block[2];
  block[0] = ADP_Stopped_ApplicationExit;
  block[1] = (uint32_t)code;
  (void)semihost(SYS_EXIT_EXTENDED, block);
  for (;;) {
  }
}

#if defined(FW_NRF51)
/* -M microbit (nRF51822): TIMER0 in 32-bit timer mode, prescaler 0 (16
 * MHz: under -icount shift=0 one tick per 62.5 instructions); read by
 * capturing into CC[0]. */
#define NRF_TIMER0(off) (*(volatile uint32_t *)(0x40008000u + (off)))

void fw_timer_start(void) {
  NRF_TIMER0(0x004u) = 1u; /* TASKS_STOP */
  NRF_TIMER0(0x504u) = 0u; /* MODE: timer */
  NRF_TIMER0(0x508u) = 3u; /* BITMODE: 32 bits */
  NRF_TIMER0(0x510u) = 0u; /* PRESCALER */
  NRF_TIMER0(0x00Cu) = 1u; /* TASKS_CLEAR */
  NRF_TIMER0(0x000u) = 1u; /* TASKS_START */
}

uint32_t fw_timer_ticks(void) {
  NRF_TIMER0(0x040u) = 1u; /* TASKS_CAPTURE[0] */
  return NRF_TIMER0(0x540u); /* CC[0] */
}
#else
/* CMSDK APB timer 0 (mps2-an386, mps2-an500): CTRL (bit 0 enable), VALUE,
 * RELOAD; counts down. */
#define TIMER0_CTRL (*(volatile uint32_t *)0x40000000u)
#define TIMER0_VALUE (*(volatile uint32_t *)0x40000004u)
#define TIMER0_RELOAD (*(volatile uint32_t *)0x40000008u)

void fw_timer_start(void) {
  TIMER0_CTRL = 0u;
  TIMER0_RELOAD = 0xFFFFFFFFu;
  TIMER0_VALUE = 0xFFFFFFFFu;
  TIMER0_CTRL = 1u;
}

uint32_t fw_timer_ticks(void) { return 0xFFFFFFFFu - TIMER0_VALUE; }
#endif
