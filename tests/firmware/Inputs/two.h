/* a hand-written stand-in for an msc compile header: two entries */
#ifndef TWO_H
#define TWO_H
#include <stdint.h>
#define TWO_OK 0
int two_Net_construct(const float *x, float *out0);
int two_Net_construct_ws(void *ws, const float *x, float *out0);
int two_scores(const float *x, const int32_t *y, float *out0, int32_t *out1);
int two_scores_ws(void *ws, const float *x, const int32_t *y, float *out0, int32_t *out1);
#endif
