/* The NAS pseudo-random generator shared by kernels/ep.c and mpi/ep_mpi.c,
 * so both compute the same pairs: x(k+1) = a * x(k) mod 2^46. */
#ifndef PARADE_BENCH_NAS_RANDOM_H
#define PARADE_BENCH_NAS_RANDOM_H

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

#endif
