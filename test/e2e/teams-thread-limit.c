// Inside a teams region each team is a contention group limited by
// teams-thread-limit-var: omp_get_thread_limit() returns what
// omp_set_teams_thread_limit set (it returned the limit of the whole job,
// 2048 at 2x2; SOLLVE's test_omp_pause_teams_icv).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: teams-thread-limit: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int main(void) {
  int lim = -1, teams = 0;
  omp_set_num_teams(3);
  omp_set_teams_thread_limit(2);
#pragma omp teams
  {
    if (omp_get_team_num() == 0)
      teams = omp_get_num_teams();
#pragma omp parallel
    {
      if (omp_get_team_num() == 0 && omp_get_thread_num() == 0)
        lim = omp_get_thread_limit();
    }
  }
  printf("teams-thread-limit %d limit %d teams-ok %d\n", omp_get_teams_thread_limit(), lim,
         teams >= 1 && teams <= 3);
  return 0;
}
