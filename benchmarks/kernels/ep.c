/* EP: the embarrassingly parallel kernel in the style of NAS EP. Pairs of
 * uniform numbers from a linear congruential generator (the NAS randlc
 * recurrence, a = 5^13 mod 2^46) are turned into Gaussian deviates by the
 * Marsaglia polar method; the kernel counts them in square annuli and sums
 * them. Each block of pairs starts from a seed computed by jumping the
 * generator, so the result does not depend on how blocks are shared out.
 * Verified against a serial recomputation.
 *
 * usage: ep small|large */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#include "nas_random.h"

#define NQ 10
#define BLOCK 4096

static void block(long b, double q[NQ], double *sx, double *sy) {
  double seed = jump(271828183.0, 1220703125.0, 2 * BLOCK * b);
  for (int i = 0; i < BLOCK; i++) {
    double x = 2.0 * randlc(&seed, 1220703125.0) - 1.0;
    double y = 2.0 * randlc(&seed, 1220703125.0) - 1.0;
    double t = x * x + y * y;
    if (t <= 1.0 && t > 0.0) {
      double f = sqrt(-2.0 * log(t) / t);
      double gx = x * f, gy = y * f;
      int l = (int)fmax(fabs(gx), fabs(gy));
      if (l < NQ)
        q[l] += 1.0;
      *sx += gx;
      *sy += gy;
    }
  }
}

int main(int argc, char **argv) {
  long blocks = argc > 1 && !strcmp(argv[1], "large") ? 2048 : 128;
  double sx = 0, sy = 0;
  double q0 = 0, q1 = 0, q2 = 0, q3 = 0, q4 = 0, q5 = 0, q6 = 0, q7 = 0, q8 = 0, q9 = 0;
  double start = omp_get_wtime();
#pragma omp parallel for schedule(static) reduction(+:sx, sy, q0, q1, q2, q3, q4, q5, q6, q7, q8, q9)
  for (long b = 0; b < blocks; b++) {
    double q[NQ] = {0};
    block(b, q, &sx, &sy);
    q0 += q[0]; q1 += q[1]; q2 += q[2]; q3 += q[3]; q4 += q[4];
    q5 += q[5]; q6 += q[6]; q7 += q[7]; q8 += q[8]; q9 += q[9];
  }
  double elapsed = omp_get_wtime() - start;
  /* Serial recomputation of the same pairs. */
  double rq[NQ] = {0}, rx = 0, ry = 0;
  for (long b = 0; b < blocks; b++)
    block(b, rq, &rx, &ry);
  double counts = q0 + q1 + q2 + q3 + q4 + q5 + q6 + q7 + q8 + q9;
  double rcounts = 0;
  for (int i = 0; i < NQ; i++)
    rcounts += rq[i];
  int ok = counts == rcounts && q0 == rq[0] && q1 == rq[1] && fabs(sx - rx) <= 1e-8 * fabs(rx) + 1e-8 &&
           fabs(sy - ry) <= 1e-8 * fabs(ry) + 1e-8;
  printf("RESULT kernel=ep size=%s pairs=%ld time=%.6f verified=%d sx=%.10e sy=%.10e counts=%.0f\n",
         argc > 1 ? argv[1] : "small", blocks * BLOCK, elapsed, ok, sx, sy, counts);
  return ok ? 0 : 1;
}
