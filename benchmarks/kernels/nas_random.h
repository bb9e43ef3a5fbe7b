/* The NAS pseudo-random generator and EP's block of Gaussian pairs, shared
 * by kernels/ep.c and mpi/ep_mpi.c so both compute the same pairs:
 * x(k+1) = a * x(k) mod 2^46. */
#ifndef PARADE_BENCH_NAS_RANDOM_H
#define PARADE_BENCH_NAS_RANDOM_H

#include <math.h>

static const double R23 = 1.1920928955078125e-07, T23 = 8388608.0;
static const double R46 = R23 * R23, T46 = T23 * T23;

/* x = a * x mod 2^46, returns x / 2^46 (NAS randlc). */
static double randlc(double *x, double a) {
  double a1 = (double)(long)(R23 * a), a2 = a - T23 * a1;
  double x1 = (double)(long)(R23 * *x), x2 = *x - T23 * x1;
  double t1 = a1 * x2 + a2 * x1, t2 = (double)(long)(R23 * t1);
  double z = t1 - T23 * t2, t3 = T23 * z + a2 * x2, t4 = (double)(long)(R46 * t3);
  *x = t3 - T46 * t4;
  return R46 * *x;
}

/* The seed after k steps from s with multiplier a. */
static double jump(double s, double a, long k) {
  double t = a, x = s;
  while (k > 0) {
    if (k & 1)
      randlc(&x, t);
    double tt = t;
    randlc(&tt, t);
    t = tt;
    k >>= 1;
  }
  return x;
}

/* EP's work for block @p b of @p pairs pairs: Gaussian deviates by the
 * polar method, counted in the @p nq square annuli of @p q and summed into
 * *sx and *sy. Each block starts from its own jumped seed. */
static void ep_block(long b, long pairs, double *q, int nq, double *sx, double *sy) {
  double seed = jump(271828183.0, 1220703125.0, 2 * pairs * b);
  for (long i = 0; i < pairs; i++) {
    double x = 2.0 * randlc(&seed, 1220703125.0) - 1.0;
    double y = 2.0 * randlc(&seed, 1220703125.0) - 1.0;
    double t = x * x + y * y;
    if (t <= 1.0 && t > 0.0) {
      double f = sqrt(-2.0 * log(t) / t);
      double gx = x * f, gy = y * f;
      int l = (int)fmax(fabs(gx), fabs(gy));
      if (l < nq)
        q[l] += 1.0;
      *sx += gx;
      *sy += gy;
    }
  }
}

#endif
