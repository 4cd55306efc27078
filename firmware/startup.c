/* startup.c: vector table and reset handler for QEMU's mps2-an386
 * (Cortex-M4F), with firmware/mps2-an386.ld. The reset handler enables the
 * FPU, copies .data from flash, zeroes .bss, paints the stack (for
 * fw_stack_used), calls main and ends QEMU with main's return value
 * through semihosting. Any fault prints its name and exits with status 3,
 * so a crash never hangs the test (which also runs QEMU under timeout). */
#include "fw.h"

extern uint32_t __data_start[], __data_end[], __data_load[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[], __stack_limit[];

void Reset_Handler(void);
void fw_fault(const char *what);
static void nmi(void) { fw_fault("NMI"); }
static void hard_fault(void) { fw_fault("HardFault"); }
static void mem_manage(void) { fw_fault("MemManage"); }
static void bus_fault(void) { fw_fault("BusFault"); }
static void usage_fault(void) { fw_fault("UsageFault"); }
static void other(void) { fw_fault("unexpected exception"); }

#define STACK_PAINT 0x5AC4DA7Au

__attribute__((section(".vectors"), used)) static void (*const vectors[16 + 32])(void) = {
  (void (*)(void))(uintptr_t)__stack_top,
  Reset_Handler, nmi, hard_fault, mem_manage, bus_fault, usage_fault,
  0, 0, 0, 0, other /* SVC */, other /* DebugMon */, 0, other /* PendSV */, other /* SysTick */,
  other, other, other, other, other, other, other, other, other, other, other, other, other, other,
  other, other, other, other, other, other, other, other, other, other, other, other, other, other,
  other, other, other, other,
};

void fw_fault(const char *what) {
  fw_puts("firmware: ");
  fw_puts(what);
  fw_puts("\n");
  fw_exit(3);
}

void Reset_Handler(void) {
  uint32_t *p;
  const uint32_t *s;
  uint32_t sp;
#if defined(__ARM_FP)
  /* CPACR: full access to CP10 and CP11 (the FPU) before any float code
   * (not on a core without an FPU: the Cortex-M0/M0+ of -M microbit). */
  *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
  for (p = __data_start, s = __data_load; p < __data_end;) *p++ = *s++;
  for (p = __bss_start; p < __bss_end;) *p++ = 0u;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  for (p = __stack_limit; (uint32_t)(uintptr_t)p < sp - 64u;) *p++ = STACK_PAINT;
  fw_exit(main());
}

uint32_t fw_stack_used(void) {
  const uint32_t *p = __stack_limit;
  while (p < __stack_top && *p == STACK_PAINT) p++;
  return (uint32_t)((uintptr_t)__stack_top - (uintptr_t)p);
}
