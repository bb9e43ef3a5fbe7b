// A user-defined reduction whose initializer reads omp_orig: every thread
// initialises its copy from the original before any thread combines into
// it. On the lock path (-fparade-sync=lock) a thread combines as soon as
// its share of the loop ends, so a thread that arrived late initialised
// from an original another thread had already combined into (a reviewer
// saw 98 of 150 initialisations wrong at 2x2). The threads other than 0
// arrive 2 ms late; the initializer counts the originals it finds changed.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: udr-orig: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

typedef struct {
  double sum;
  int bad;
} acc_t;

static void acc_init(acc_t *priv, const acc_t *orig) {
  priv->sum = 0;
  priv->bad = orig->sum != 5.0;
}
#pragma omp declare reduction(accp : acc_t : omp_out.sum += omp_in.sum, omp_out.bad += omp_in.bad) \
    initializer(acc_init(&omp_priv, &omp_orig))

static void arrive_late(void) {
  if (omp_get_thread_num() != 0) {
    double t0 = omp_get_wtime();
    while (omp_get_wtime() - t0 < 0.002)
      ;
  }
}

double data[1000];

int main(void) {
  int bad = 0;
  double total = 0;
  for (int i = 0; i < 1000; i++)
    data[i] = 1.0;
  for (int r = 0; r < 20; r++) {
    acc_t a = {5.0, 0}, b = {5.0, 0};
#pragma omp parallel
    {
      arrive_late();
#pragma omp for reduction(accp : a)
      for (int i = 0; i < 1000; i++)
        a.sum += data[i];
    }
#pragma omp parallel reduction(accp : b)
    {
      arrive_late();
      b.sum += 1;
    }
    bad += a.bad + b.bad;
    total += a.sum + (b.sum > 5.0);
  }
  printf("initialisations that saw a combined original: %d; total %.1f\n", bad, total);
  return 0;
}
