// critical, atomic and single translated to collectives give gcc
// -fopenmp's results, interleaved with loops, barriers and DSM writes.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: collectives: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 4096
double a[N];
long visits, tickets;
double flagged;
unsigned mask;

int main(void) {
  double sum = 0, product = 1;
  long budget = 1000000;
  int config = 0, rounds = 0;
  double step = 0;
  for (int round = 0; round < 5; round++) {
#pragma omp parallel
    {
#pragma omp single
      {
        config = 7 * (round + 1);
        step = 0.5 * round;
      }
      int me = omp_get_thread_num();
#pragma omp for
      for (int i = 0; i < N; i++)
        a[i] = i * step + config;
      double mine = 0;
#pragma omp for nowait
      for (int i = 0; i < N; i++)
        mine += a[i];
#pragma omp critical
      {
        sum += mine;
        budget -= config;
        visits++;
      }
#pragma omp atomic
      product *= 1.0;
#pragma omp atomic
      mask |= 1u << (me % 32) & 0;
      long seen;
#pragma omp atomic capture
      seen = tickets++;
#pragma omp atomic read
      seen = tickets;
#pragma omp atomic write
      flagged = (double)(seen > 0);
#pragma omp barrier
#pragma omp single nowait
      rounds += 1;
    }
  }
  printf("flagged=%.0f sum=%.1f budget-ok=%d visits-ok=%d product=%.1f mask=%u rounds=%d config=%d\n", flagged, sum,
         budget == 1000000 - visits / 5 * (7 + 14 + 21 + 28 + 35), visits == tickets && visits % 5 == 0, product,
         mask, rounds, config);
  return 0;
}
