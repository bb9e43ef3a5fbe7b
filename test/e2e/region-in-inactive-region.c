// A parallel region reached inside an inactive region (parallel if(0), a
// team of one thread) is the first active level: OpenMP gives it a team,
// and gcc does. parade ran it on the encountering thread alone, silently.
// Now a region in a function called there gets a team of rank 0's threads
// (the data it reaches may be on that thread's stack, as `partial` is
// here); a region written inside the inactive region's own body still runs
// on one thread, with a warning naming it. The levels, the team sizes of
// the levels and the ICVs set inside the inactive region are OpenMP's.
// (Found by a sweep of public-suite-style programs.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: region-in-inactive-region: all 5 configurations match gcc -fopenmp
//
// The team's size: rank 0's threads.
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t team 2>%t.err | FileCheck --check-prefix=TEAM2 %s
// TEAM2: called team: 2 threads
// TEAM2-NEXT: after omp_set_num_threads(1): 1 threads
// TEAM2-NEXT: in num_threads(1): 2 threads
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// WARN: warning: [rank 0] the parallel region at {{.*}}region-in-inactive-region.c:[[#@LINE+54]] runs on one thread
// WARN-NOT: warning
// With one thread per rank there is no team to give, and nothing to say.
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t team 2>%t.err1 | FileCheck --check-prefix=TEAM1 %s
// RUN: FileCheck --check-prefix=QUIET --allow-empty %s < %t.err1
// TEAM1: called team: 1 threads
// QUIET-NOT: warning
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 1000
static int show_team;
static int levels_ok = 1;

static void check_levels(void) {
  /* Inside the called region: level 2 under the inactive level 1. */
  int active = omp_get_num_threads() > 1;
  if (omp_get_level() != 2 || omp_get_active_level() != active || omp_in_parallel() != active ||
      omp_get_team_size(1) != 1 || omp_get_ancestor_thread_num(1) != 0 ||
      omp_get_team_size(2) != omp_get_num_threads() ||
      omp_get_ancestor_thread_num(2) != omp_get_thread_num())
#pragma omp atomic write
    levels_ok = 0;
}

/* Fills a[] (the caller's stack array) and returns its sum. */
static long fill(long *a, int base, const char *label) {
  long sum = 0;
#pragma omp parallel reduction(+:sum)
  {
    check_levels();
#pragma omp for
    for (int i = 0; i < N; i++) {
      a[i] = base + i;
      sum += a[i];
    }
#pragma omp single
    if (show_team)
      printf("%s: %d threads\n", label, omp_get_num_threads());
  }
  return sum;
}

int main(int argc, char **argv) {
  show_team = argc > 1 && !strcmp(argv[1], "team");
  long sums[3] = {0}, last[3] = {0};
  int nested_total = 0;
#pragma omp parallel if(0)
  {
    long partial[N];
    sums[0] = fill(partial, 1, "called team");
    last[0] = partial[N - 1];
    /* Written inside the body: one thread, and a warning. */
#pragma omp parallel reduction(+:nested_total)
    nested_total += omp_get_level() == 2;
    omp_set_num_threads(1);
    sums[1] = fill(partial, 2, "after omp_set_num_threads(1)");
    last[1] = partial[N - 1];
  }
#pragma omp parallel num_threads(1)
  {
    long partial[N];
    sums[2] = fill(partial, 3, "in num_threads(1)");
    last[2] = partial[N - 1];
  }
  for (int k = 0; k < 3; k++)
    printf("sum %d: %ld, last %ld\n", k, sums[k], last[k]);
  printf("levels ok %d, nested region ran at level 2: %d\n", levels_ok, nested_total > 0);
  return 0;
}
