// A parallel region's reduction is combined by the region's join: the
// threads' partials, folded on each node, travel inside the join's own
// exchange of write notices, and the total is combined into the original
// where the master is. Here every operator on the types it takes, array
// and array-section reductions, a reduction larger than the join carries
// (it takes an allreduce first), one of a region nested in another (the
// same, under the reduction lock), complex values (the translator keeps
// thread 0's combine), and originals that are globals, locals of main and
// elements reached through a pointer; each over many regions.
//
// The program's regions with a reduction made an allreduce each before
// (about 270 collectives a rank at 2x2); now the nodes meet once per
// region, at the join, and only the large and the complex reductions and
// the loop that does not end its region (81 a rank) take an allreduce.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: reduction-at-join: all 5 configurations match gcc -fopenmp
// RUN: %paradecc -O2 -Rparade %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.json %mpirun -np 2 %t | FileCheck %s --check-prefix=OUT
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 2 barriers=400 "collectives<=200"
// OUT: rounds 200: sum 20100 prod-ok 1 diff -20100
// OUT: big[0] 20 big[299] 8980
// OUT: tasks 640
// OUT: nested 200
#include <complex.h>
#include <omp.h>
#include <stdio.h>

enum { N = 64, BIG = 300 };

long g_sum;
double g_min = 1e9, g_max = -1e9;
int g_and = 1, g_or = 0;
unsigned g_band = ~0u, g_bor = 0, g_bxor = 0;
float g_fsum;
char g_csum;
_Bool g_bool = 1;
long hist[8], sect[8];

static int value(int i) { return (i * 37) % 101; }

int main(void) {
  long sum = 0, diff = 0;
  double prod = 1.0;
  long big[BIG] = {0};
  long *through = sect + 2;
  double complex z = 0;
  long nested = 0;
  for (int r = 1; r <= 200; r++) {
// REMARK: reduction-at-join.c:[[@LINE+1]]:1: remark: reduction combined at the region's join: 3 variable(s), 24 bytes
#pragma omp parallel reduction(+ : sum) reduction(- : diff) reduction(* : prod)
    {
      if (omp_get_thread_num() == 0) {
        sum += r;
        diff -= r;
        prod *= 2.0;
      }
    }
    if (prod > 1e6)
      prod = 1.0;
  }
  printf("rounds 200: sum %ld prod-ok %d diff %ld\n", sum, prod >= 1.0, diff);

  for (int r = 0; r < 20; r++) {
#pragma omp parallel for reduction(min : g_min) reduction(max : g_max) reduction(&& : g_and) \
    reduction(|| : g_or) reduction(& : g_band) reduction(| : g_bor) reduction(^ : g_bxor)
    for (int i = 0; i < N; i++) {
      int v = value(i + r);
      g_min = v < g_min ? v : g_min;
      g_max = v > g_max ? v : g_max;
      g_and = g_and && v >= 0;
      g_or = g_or || v == 100;
      g_band &= (unsigned)v | 0x100u;
      g_bor |= (unsigned)v;
      g_bxor ^= (unsigned)v;
    }
#pragma omp parallel for reduction(+ : g_sum, g_fsum, g_csum) reduction(&& : g_bool)
    for (int i = 0; i < N; i++) {
      g_sum += value(i);
      g_fsum += 0.5f;
      g_csum += 1;
      g_bool = g_bool && i < N;
    }
  }
  printf("min %g max %g and %d or %d band %x bor %x bxor %x\n", g_min, g_max, g_and, g_or,
         g_band, g_bor, g_bxor);
  printf("sum %ld fsum %g csum %d bool %d\n", g_sum, g_fsum, g_csum, g_bool);

  /* Arrays: whole (an element loop) and a section through a pointer. */
  for (int r = 0; r < 10; r++) {
#pragma omp parallel for reduction(+ : hist) reduction(max : through[0 : 3])
    for (int i = 0; i < N; i++) {
      hist[value(i) % 2] += 1;
      int k = i % 3;
      through[k] = value(i) > through[k] ? value(i) : through[k];
    }
  }
  printf("hist %ld %ld %ld sect %ld %ld %ld %ld %ld\n", hist[0], hist[1], hist[2], sect[1],
         sect[2], sect[3], sect[4], sect[5]);

  /* 2,400 bytes of partials: more than the join carries. */
  for (int r = 0; r < 20; r++) {
#pragma omp parallel reduction(+ : big)
    {
      if (omp_get_thread_num() == 0)
        for (int i = 0; i < BIG; i++)
          big[i] += 1 + i * 3 / 2;
    }
  }
  printf("big[0] %ld big[%d] %ld\n", big[0], BIG - 1, big[BIG - 1]);

  /* A worksharing loop that ends its region: no barrier of its own, its
   * reduction (and lastprivate) combined by the join; one that does not
   * end it keeps its barrier and allreduce. */
  long tail_sum = 0, mid_sum = 0, after = 0;
  int last_i = -1;
  for (int r = 0; r < 30; r++) {
#pragma omp parallel
    {
#pragma omp for reduction(+ : mid_sum)
      for (int i = 0; i < N; i++)
        mid_sum += i;
#pragma omp atomic
      after += mid_sum > 0;
// REMARK: reduction-at-join.c:[[@LINE+1]]:1: remark: reduction combined at the region's join: 1 variable(s), 8 bytes
#pragma omp for reduction(+ : tail_sum) lastprivate(last_i)
      for (int i = 0; i < N; i++) {
        tail_sum += value(i);
        last_i = i;
      }
    }
#pragma omp parallel
#pragma omp for reduction(max : g_max)
    for (int i = 0; i < N; i++)
      g_max = value(i) + r > g_max ? value(i) + r : g_max;
  }
  printf("tail %ld mid %ld after-positive %d last %d max %g\n", tail_sum, mid_sum, after > 0,
         last_i, g_max);

  /* Tasks made in a loop that ends its region complete before its
   * threads leave the region's body; a region with a local of its own (a
   * task may use it) or a private clause keeps the loop's barrier. */
  long done[N] = {0};
  for (int r = 0; r < 5; r++) {
#pragma omp parallel
    {
#pragma omp for
      for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i)
        done[i] += 1;
      }
    }
    long offset = 0;
#pragma omp parallel private(offset)
    {
      long mine = r;
      offset = 1;
#pragma omp for
      for (int i = 0; i < N; i++) {
#pragma omp task shared(mine, offset) firstprivate(i)
        done[i] += mine - r + offset;
      }
    }
  }
  long tasks = 0;
  for (int i = 0; i < N; i++)
    tasks += done[i];
  printf("tasks %ld\n", tasks);

  /* Complex values: thread 0 combines, as before. */
// REMARK: reduction-at-join.c:[[@LINE+1]]:1: remark: reduction mapped to one merged allreduce: 1 variable(s), 16 bytes
#pragma omp parallel for reduction(+ : z)
  for (int i = 0; i < N; i++)
    z += 1.0 + 2.0 * I;
  printf("complex %g %g\n", creal(z), cimag(z));

  /* A region nested in another, each level with its own reduction. */
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) reduction(+ : nested)
  {
    long inner = 0;
#pragma omp parallel num_threads(2) reduction(+ : inner)
    {
      if (omp_get_thread_num() == 0)
        inner += 100;
    }
    nested += inner;
  }
  printf("nested %ld\n", nested);
  return 0;
}
