// Atomic updates met many times (in loops, under conditions, in an
// orphaned function called both in and out of a region) are deferred:
// combined per thread and applied at the next synchronisation. Mixed with
// atomic capture and critical sections on the same objects, with every
// commuting operator, and read after barriers and at the end.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: atomic-deferred: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int hist[16];
long total;
double dsum;
unsigned bits, mask = ~0u;
int down = 100000;
long prod = 1;
int tickets;

static void count(int i) {
#pragma omp atomic
  hist[i % 16] += 1;
}

int main(void) {
  int max_ticket = 0, after_barrier = -1;
  count(3); /* serial: applied at once */
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 1000; i++) { /* lock mode: 6 locks an iteration */
      count(i);
#pragma omp atomic update
      total += i;
#pragma omp atomic
      dsum = dsum + 0.25 * i;
#pragma omp atomic
      bits |= 1u << (i % 32);
#pragma omp atomic
      mask &= ~(1u << (i % 7));
#pragma omp atomic
      down = down - 2;
      if (i % 1000 == 0) {
#pragma omp atomic
        prod *= 3;
      }
      if (i % 100 == 0) {
        int mine;
#pragma omp atomic capture
        mine = ++tickets;
#pragma omp critical
        if (mine > max_ticket)
          max_ticket = mine;
      }
    }
    /* the for's barrier applied every thread's updates */
#pragma omp single
    after_barrier = hist[5];
  }
  printf("hist[3] %d hist[5] %d (after barrier %d) hist[15] %d\n", hist[3], hist[5],
         after_barrier, hist[15]);
  printf("total %ld dsum %.2f bits %x mask %x down %d prod %ld\n", total, dsum, bits, mask, down,
         prod);
  printf("tickets %d max %d\n", tickets, max_ticket);
  return 0;
}
