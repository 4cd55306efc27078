# x16 rows (runtime/quant.c, passes/memplan.c): a chain QuantizeInt8 ->
# QuantDense ... -> DequantizeInt8 keeps its int8 values as int16 rows that
# each layer reads as they are (msrt_q8_dense_x16, the blob's signed
# halfwords), sized so in the memory plan and without the dense layers'
# scratch; a value read by anything else (a view, here a reshape) keeps
# int8 and the layers expand their input (msrt_q8_dense_packed_fast); so
# does a core without SIMD32. Batch 3, K not a multiple of 16, pairs of
# channels (18, 6), a hidden activation also dequantized into an output:
# the self-test is bit-exact with the int8 reference executor on the host
# (the portable C of the x16 entries; tests/unit/test_quant.c runs their
# Armv7E-M assembly on the Cortex-M4F, scripts/firmware-test.sh the digits
# MLP); the generated C builds for the Cortex-M4 and is deterministic.
#
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %python -c "import numpy as np; np.save('c.npy', np.random.RandomState(1).randn(120, 3, 20).astype(np.float32))"
# RUN: %msc compile %S/Inputs/x16.py -o %t/c --quantize=int8 --calibration=c.npy --entry=Chain_construct --memory-report 2> %t/rep > /dev/null
# RUN: FileCheck --check-prefix=REP %s < %t/rep
# RUN: FileCheck --check-prefix=CHAIN %s < %t/c/x16.c
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 %t/c/*.c -lm -o %t/c/st && %t/c/st | FileCheck --check-prefix=SELF %s
# RUN: arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O2 -c %t/c/x16.c -o %t/c/x16.o
# RUN: %msc compile %S/Inputs/x16.py -o %t/c2 --quantize=int8 --calibration=c.npy --entry=Chain_construct > /dev/null
# RUN: cmp %t/c/x16.c %t/c2/x16.c
# RUN: %msc compile %S/Inputs/x16.py -o %t/f --quantize=int8 --calibration=c.npy --entry=Flat_construct > /dev/null
# RUN: FileCheck --check-prefix=FLAT %s < %t/f/x16.c
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 %t/f/*.c -lm -o %t/f/st && %t/f/st | FileCheck --check-prefix=SELFF %s
# RUN: %msc compile %S/Inputs/x16.py -o %t/m0 --quantize=int8 --calibration=c.npy --entry=Chain_construct --target=cortex-m0plus > /dev/null
# RUN: FileCheck --check-prefix=M0 %s < %t/m0/x16.c

# REP: %0 QuantizeInt8 value offset {{[0-9]+}} size 240 {{.*}} int8 as x16 rows
# REP-NEXT: %1 QuantDense value offset {{[0-9]+}} size 336 {{.*}} int8 as x16 rows
# REP-NEXT: %3 QuantDense value offset {{[0-9]+}} size 240 {{.*}} int8 as x16 rows
# REP-NEXT: %4 QuantDense value offset {{[0-9]+}} size 144 {{.*}} int8 as x16 rows
# REP-NOT: scratch

# CHAIN: msrt_q8_quantize_x16(3, 20, (const float *)
# CHAIN-NEXT: QuantDense
# CHAIN-NEXT: (void)msrt_q8_dense_x16(3, 36, 20, {{.*}}_q1,
# CHAIN-NEXT: DequantizeInt8
# CHAIN-NEXT: msrt_q8_dequantize_x16(3, 36, (const int32_t *)
# CHAIN-NEXT: QuantDense
# CHAIN-NEXT: (void)msrt_q8_dense_x16(3, 18, 36, {{.*}}_q3,
# CHAIN-NEXT: QuantDense
# CHAIN-NEXT: (void)msrt_q8_dense_x16(3, 6, 18, {{.*}}_q4,
# CHAIN-NEXT: DequantizeInt8
# CHAIN-NEXT: msrt_q8_dequantize_x16(3, 6, (const int32_t *)
# SELF: x16_Chain_construct: ok (2 outputs, int8: bit-exact with msc's int8 reference executor;

# FLAT: msrt_q8_quantize(60,
# FLAT: (void)msrt_q8_dense_packed_fast(3, 24, 20,
# FLAT: (void)msrt_q8_dense_packed_fast(6, 6, 12,
# FLAT: msrt_q8_dequantize(36,
# FLAT-NOT: x16(
# SELFF: x16_Flat_construct: ok (1 output, int8: bit-exact with msc's int8 reference executor;

# M0: rc = msrt_q8_dense(3, 36, 20,
# M0-NOT: x16(
