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

int main(int argc, char **argv) {
  long blocks = argc > 1 && !strcmp(argv[1], "large") ? 2048 : 128;
  double sx = 0, sy = 0, q[NQ] = {0};
  double start = omp_get_wtime();
#pragma omp parallel for schedule(static) reduction(+:sx, sy, q)
  for (long b = 0; b < blocks; b++)
    ep_block(b, BLOCK, q, NQ, &sx, &sy);
  double elapsed = omp_get_wtime() - start;
  /* Serial recomputation of the same pairs. */
  double rq[NQ] = {0}, rx = 0, ry = 0;
  for (long b = 0; b < blocks; b++)
    ep_block(b, BLOCK, rq, NQ, &rx, &ry);
  double counts = 0;
  int ok = fabs(sx - rx) <= 1e-8 * fabs(rx) + 1e-8 && fabs(sy - ry) <= 1e-8 * fabs(ry) + 1e-8;
  for (int i = 0; i < NQ; i++) {
    counts += q[i];
    ok &= q[i] == rq[i];
  }
  printf("RESULT kernel=ep size=%s pairs=%ld time=%.6f verified=%d sx=%.10e sy=%.10e counts=%.0f\n",
         argc > 1 ? argv[1] : "small", blocks * BLOCK, elapsed, ok, sx, sy, counts);
  return ok ? 0 : 1;
}
