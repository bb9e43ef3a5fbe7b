// Device constructs with the host as the device: target (map, firstprivate
// scalars by default, depend, nowait), target data with use_device_ptr,
// target enter/exit data and update, teams with distribute and the
// combined forms (target teams distribute parallel for with a reduction
// and collapse, teams loop, target parallel for, target simd), the teams
// routines inside a league, and a teams region at top level. Every team's
// work shows in the shared result, whichever node ran it.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: target-host: all 5 configurations match gcc -fopenmp
//
// The league spans every node: at 2 x 2, four teams share the iterations.
// RUN: %paradecc %s -o %t.spread
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t.spread spread | FileCheck %s --check-prefix=SPREAD
// SPREAD: league of 4 teams, 4 of them ran iterations, 1024 iterations
// RUN: env OMP_NUM_TEAMS=3 OMP_NUM_THREADS=2 %mpirun -np 2 %t.spread spread | FileCheck %s --check-prefix=NUMTEAMS
// NUMTEAMS: league of 3 teams, 3 of them ran iterations, 1024 iterations
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 2048

double x[N], y[N];
int grid[32][32];
int team_hits[64];

/* What a team's initial thread sees (gcc refuses these calls lexically
 * inside teams). */
static int team_view(void) {
  return (omp_get_thread_num() == 0 && omp_get_num_threads() == 1) + (omp_get_level() == 0) +
         (omp_in_parallel() == 0);
}

/* Which team ran each iteration of a distributed loop. */
static int spread(void) {
  static int ran_by[1024];
  int teams = 0;
#pragma omp target teams distribute parallel for map(from : ran_by) map(tofrom : teams)
  for (int i = 0; i < 1024; i++) {
    ran_by[i] = omp_get_team_num();
    if (i == 0)
      teams = omp_get_num_teams();
  }
  int worked = 0, total = 0;
  for (int t = 0; t < teams && t < 64; t++) {
    int mine = 0;
    for (int i = 0; i < 1024; i++)
      mine += ran_by[i] == t;
    worked += mine > 0;
    total += mine;
  }
  printf("league of %d teams, %d of them ran iterations, %d iterations\n", teams, worked, total);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1)
    return spread();
  double a = 2.5, dot = 0.0;
  long sum = 0;
  int scalar = 7, seen_teams = 0;
  double *z = malloc(N * sizeof *z);

  printf("devices %d initial %d\n", omp_get_num_devices(), omp_is_initial_device());

#pragma omp target enter data map(alloc : z[0 : N])
#pragma omp target map(tofrom : x, y)
  {
    for (int i = 0; i < N; i++) {
      x[i] = i * 0.5;
      y[i] = N - i;
    }
    scalar = 99; // firstprivate by default: the host's copy keeps 7
  }

#pragma omp target teams distribute parallel for map(to : x) map(tofrom : y) firstprivate(a)
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i];

#pragma omp target teams distribute parallel for reduction(+ : dot) map(to : x, y)
  for (int i = 0; i < N; i++)
    dot += x[i] * y[i];

#pragma omp target data map(tofrom : z[0 : N]) use_device_ptr(z)
  {
#pragma omp target parallel for is_device_ptr(z)
    for (int i = 0; i < N; i++)
      z[i] = y[i] - x[i];
#pragma omp target update from(z[0 : N])
  }

#pragma omp target teams num_teams(4) map(tofrom : grid)
#pragma omp distribute collapse(2)
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      grid[i][j] = i * 32 + j;

#pragma omp teams distribute reduction(+ : sum)
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      sum += grid[i][j];

#pragma omp teams num_teams(3)
  {
    int t = omp_get_team_num();
    if (omp_get_num_teams() <= 64)
      team_hits[t] = 1 + team_view();
#pragma omp parallel
    {
#pragma omp atomic
      seen_teams += omp_get_thread_num() == 0 && omp_get_team_num() == t;
    }
  }

  int teams_ok = 1, teams_run = 0;
  for (int t = 0; t < 64; t++) {
    teams_run += team_hits[t] != 0;
    teams_ok &= team_hits[t] == 0 || team_hits[t] == 4;
  }

#pragma omp target teams loop map(tofrom : x)
  for (int i = 0; i < N; i++)
    x[i] = x[i] + 1.0;

  double zs = 0, xs = 0;
#pragma omp target simd map(to : z[0 : N]) reduction(+ : zs)
  for (int i = 0; i < N; i++)
    zs += z[i];
  for (int i = 0; i < N; i++)
    xs += x[i];

#pragma omp target nowait depend(out : scalar) map(tofrom : xs)
  xs = xs * 2;
#pragma omp taskwait
#pragma omp target exit data map(delete : z[0 : N])

  printf("scalar %d dot %.1f zsum %.1f xsum %.1f\n", scalar, dot, zs, xs);
  printf("grid %d sum %ld teams ok %d (%s) parallel-in-team %s\n", grid[31][31], sum, teams_ok,
         teams_run >= 1 && teams_run <= 3 ? "at most 3" : "wrong count",
         seen_teams == teams_run ? "one thread each" : "wrong");
  free(z);
  return 0;
}
