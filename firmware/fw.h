/* fw.h: what the firmware test programs get from firmware/startup.c and
 * firmware/semihost.c (QEMU mps2-an386, Cortex-M4F). No stdio, no malloc:
 * output goes to the host through ARM semihosting. */
#ifndef FW_H
#define FW_H

#include <stdint.h>

/* Semihosting (QEMU: -semihosting-config enable=on,target=native). */
void fw_puts(const char *s);          /* writes s, no newline added */
void fw_putu(uint32_t v);             /* decimal */
void fw_putx(uint32_t v);             /* 8 hex digits */
void fw_putf(float v);                /* %.3e-like: -1.234e-05, nan, inf */
void fw_exit(int code);               /* ends QEMU with this exit status */

/* Timer 0 of the board (CMSDK APB timer, 25 MHz). Under QEMU -icount
 * shift=0 one instruction takes 1 ns of virtual time, so one tick is 40
 * instructions; without -icount ticks follow the host's clock. */
void fw_timer_start(void);
uint32_t fw_timer_ticks(void);        /* ticks since fw_timer_start */

/* Bytes of the main stack ever used (the reset handler paints it). */
uint32_t fw_stack_used(void);

int main(void);

#endif
