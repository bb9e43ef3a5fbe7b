// The run-sched-var as the program set it: omp_get_schedule answered
// static after omp_set_schedule(omp_sched_auto) or OMP_SCHEDULE=auto, and
// dropped the monotonic modifier (omp_set_schedule(dynamic | monotonic)
// became static; OMP_SCHEDULE=monotonic:guided,4 was ignored with a
// warning; so was a value with blanks). auto still runs as static.
// OMP_SCHEDULE without a chunk gave chunk 0 for dynamic, guided and auto,
// where libgomp gives 1 (LLVM's omp_for_schedule_runtime.c).
// OMP_SCHEDULE=static,3 gave static without the monotonic flag, which
// libgomp sets for static without a modifier (OpenMP's default for it).
//
// REQUIRES: translator
// RUN: env OMP_SCHEDULE=monotonic:guided,4 %compare-with-gcc %s | FileCheck %s
// RUN: env "OMP_SCHEDULE= monotonic:guided, 4 " %compare-with-gcc %s | FileCheck %s
// RUN: env OMP_SCHEDULE=dynamic %compare-with-gcc %s | FileCheck %s
// RUN: env OMP_SCHEDULE=guided %compare-with-gcc %s | FileCheck %s
// RUN: env OMP_SCHEDULE=auto %compare-with-gcc %s | FileCheck %s
// RUN: env OMP_SCHEDULE=static,3 %compare-with-gcc %s | FileCheck %s
// RUN: env OMP_SCHEDULE=static %compare-with-gcc %s | FileCheck %s
// RUN: env OMP_SCHEDULE=nonmonotonic:static,2 %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: runtime-schedule: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
int main(void){
  omp_sched_t k; int c;
  omp_get_schedule(&k, &c); printf("env %d %d chunk %d\n", (int)(k & ~omp_sched_monotonic), (k & omp_sched_monotonic) != 0, c);
  omp_set_schedule(omp_sched_auto, 0);
  int got = 0;
  #pragma omp parallel
  {
    omp_sched_t kk; int cc;
    omp_get_schedule(&kk, &cc);
    #pragma omp single
    got = kk;
  }
  printf("auto %d\n", got);
  omp_set_schedule(omp_sched_dynamic | omp_sched_monotonic, 3);
  omp_get_schedule(&k, &c); printf("dyn %d %d %d\n", (int)(k & ~omp_sched_monotonic), (k & omp_sched_monotonic) != 0, c);
  long s = 0;
  #pragma omp parallel for schedule(runtime) reduction(+:s)
  for (int i = 0; i < 100; i++) s += i;
  printf("%ld\n", s);
}
