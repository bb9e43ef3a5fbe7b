// Data-sharing clauses on file-scope and static variables: private,
// firstprivate, lastprivate and reduction give each thread its own copy,
// as they do for locals. Before, the clauses were dropped for globals: the
// threads shared the global (a private counter counted every thread's
// increments), and a reduction raced on the shared copy and lost whole
// ranks' parts.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: global-clauses: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

extern long total; /* named through an earlier declaration too */
long total;
double biggest = -1;
int counter;
int base = 100;
static int last_i;

int main(void) {
  static long hits;
  int wrong_private = 0, wrong_first = 0;
#pragma omp parallel for reduction(+ : total, hits) reduction(max : biggest)
  for (long i = 0; i < 100000; i++) {
    total += i;
    hits++;
    if ((double)(i % 977) > biggest)
      biggest = (double)(i % 977);
  }
#pragma omp parallel private(counter) reduction(+ : wrong_private)
  {
    counter = 0;
    for (int k = 0; k < 5; k++)
      counter++;
    wrong_private += counter != 5;
  }
#pragma omp parallel firstprivate(base) reduction(+ : wrong_first)
  {
    wrong_first += base != 100;
    base += 7; /* each thread's own copy */
  }
#pragma omp parallel for lastprivate(last_i)
  for (int i = 0; i < 1000; i++)
    last_i = i * 2;
  printf("total %ld hits %ld biggest %.0f wrong_private %d wrong_first %d base %d last_i %d\n",
         total, hits, biggest, wrong_private, wrong_first, base, last_i);
  return 0;
}
