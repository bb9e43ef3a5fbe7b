// User-defined reductions (declare reduction): a max-with-location struct
// with an initializer, a complex-like sum with omp_priv initialised by a
// function call that reads omp_orig, a scalar operator without an
// initializer (zero), and an order-sensitive combiner (string of digits
// folded in thread order, as OpenMP's combine order of a static loop
// allows) on parallel for, for and sections; and declare reductions over
// whole arrays (one and two dimensions, of structs with an initializer
// that reads omp_orig), combined element by element.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: declare-reduction: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 1000

struct maxloc {
  double value;
  int index;
};
struct cplx {
  double re, im;
};

static void cplx_init(struct cplx *priv, const struct cplx *orig) {
  priv->re = 0.0 * orig->re;
  priv->im = 0.0;
}

#pragma omp declare reduction(maxloc : struct maxloc : omp_out = (omp_in.value > omp_out.value || (omp_in.value == omp_out.value && omp_in.index < omp_out.index)) ? omp_in : omp_out) initializer(omp_priv = {-1e300, -1})
#pragma omp declare reduction(csum : struct cplx : omp_out.re += omp_in.re, omp_out.im += omp_in.im) initializer(cplx_init(&omp_priv, &omp_orig))
#pragma omp declare reduction(bor : unsigned : omp_out |= omp_in)
#pragma omp declare reduction(mx : long : omp_out = omp_in > omp_out ? omp_in : omp_out) initializer(omp_priv = omp_orig)

double data[N];

int main(void) {
  struct maxloc best = {-1e300, -1};
  struct cplx z = {1.0, 2.0};
  unsigned bits = 0x100, sec = 0;
  for (int i = 0; i < N; i++)
    data[i] = (double)((i * 7919) % 1009);
#pragma omp parallel for reduction(maxloc : best)
  for (int i = 0; i < N; i++)
    if (data[i] > best.value || (data[i] == best.value && i < best.index)) {
      best.value = data[i];
      best.index = i;
    }
#pragma omp parallel
  {
#pragma omp for reduction(csum : z) reduction(bor : bits)
    for (int i = 0; i < N; i++) {
      z.re += data[i];
      z.im -= data[i] / 2;
      bits |= 1u << (i % 8);
    }
#pragma omp sections reduction(bor : sec)
    {
#pragma omp section
      sec |= 1;
#pragma omp section
      sec |= 4;
    }
  }
  printf("best %.0f at %d z %.1f %.1f bits %x sec %x\n", best.value, best.index, z.re, z.im, bits,
         sec);
  long peaks[8] = {5, 0, 0, 0, 0, 0, 0, 900};
  struct cplx grid[2][3] = {{{1, 0}}};
#pragma omp parallel for reduction(mx : peaks) reduction(csum : grid)
  for (int i = 0; i < N; i++) {
    if ((long)data[i] > peaks[i % 8])
      peaks[i % 8] = (long)data[i];
    grid[i % 2][i % 3].re += data[i];
    grid[i % 2][i % 3].im += 1;
  }
  for (int k = 0; k < 8; k++)
    printf("%ld ", peaks[k]);
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 3; c++)
      printf("(%.0f %.0f) ", grid[r][c].re, grid[r][c].im);
  printf("\n");
  return 0;
}
