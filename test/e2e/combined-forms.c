// The combined and composite forms, each against gcc: parallel sections,
// parallel master, parallel masked with filter, parallel loop, loop in a
// region, for simd, taskloop simd, masked taskloop, parallel masked
// taskloop (and simd), parallel master taskloop simd, target parallel,
// target parallel for simd, target parallel loop, teams loop, target teams
// distribute (simd, parallel for simd), teams distribute parallel for
// (simd), teams distribute simd, distribute parallel for and distribute
// simd inside teams, and taskyield.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: combined-forms: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 512

int v[24][N];
int flags[8];

static long sum(int k) {
  long s = 0;
  for (int i = 0; i < N; i++)
    s += (long)v[k][i] * (i % 7 + 1);
  return s;
}

int main(void) {
  long total = 0;
#pragma omp parallel sections
  {
#pragma omp section
    flags[0] = 1;
#pragma omp section
    flags[1] = 2;
  }
#pragma omp parallel master
  flags[2] = omp_get_thread_num() + 3;
#pragma omp parallel masked filter(0)
  flags[3] = 4;
#pragma omp parallel loop
  for (int i = 0; i < N; i++)
    v[0][i] = i;
#pragma omp parallel
  {
#pragma omp loop
    for (int i = 0; i < N; i++)
      v[1][i] = 2 * i;
#pragma omp for simd
    for (int i = 0; i < N; i++)
      v[2][i] = v[1][i] + 1;
#pragma omp single
    {
#pragma omp taskloop simd grainsize(50)
      for (int i = 0; i < N; i++)
        v[3][i] = 3 * i;
#pragma omp taskyield
    }
#pragma omp masked taskloop num_tasks(4)
    for (int i = 0; i < N; i++)
      v[4][i] = 4 * i;
  }
#pragma omp parallel masked taskloop
  for (int i = 0; i < N; i++)
    v[5][i] = 5 * i;
#pragma omp parallel masked taskloop simd
  for (int i = 0; i < N; i++)
    v[6][i] = 6 * i;
#pragma omp parallel master taskloop simd reduction(+ : total)
  for (int i = 0; i < N; i++)
    total += i;
#pragma omp target parallel map(tofrom : flags)
  {
#pragma omp single
    flags[4] = 5;
  }
#pragma omp target parallel for simd map(tofrom : v)
  for (int i = 0; i < N; i++)
    v[7][i] = 7 * i;
#pragma omp target parallel loop map(tofrom : v)
  for (int i = 0; i < N; i++)
    v[8][i] = 8 * i;
#pragma omp teams loop
  for (int i = 0; i < N; i++)
    v[9][i] = 9 * i;
#pragma omp target teams distribute map(tofrom : v)
  for (int i = 0; i < N; i++)
    v[10][i] = 10 * i;
#pragma omp target teams distribute simd map(tofrom : v)
  for (int i = 0; i < N; i++)
    v[11][i] = 11 * i;
#pragma omp target teams distribute parallel for simd map(tofrom : v)
  for (int i = 0; i < N; i++)
    v[12][i] = 12 * i;
#pragma omp teams distribute parallel for
  for (int i = 0; i < N; i++)
    v[13][i] = 13 * i;
#pragma omp teams distribute parallel for simd
  for (int i = 0; i < N; i++)
    v[14][i] = 14 * i;
#pragma omp teams distribute simd
  for (int i = 0; i < N; i++)
    v[15][i] = 15 * i;
#pragma omp teams
  {
#pragma omp distribute parallel for
    for (int i = 0; i < N; i++)
      v[16][i] = 16 * i;
#pragma omp distribute simd
    for (int i = 0; i < N; i++)
      v[17][i] = 17 * i;
#pragma omp distribute parallel for simd
    for (int i = 0; i < N; i++)
      v[18][i] = 18 * i;
  }
  long check = 0;
  for (int k = 0; k < 19; k++)
    check = check * 3 + sum(k);
  printf("flags %d %d %d %d %d total %ld check %ld\n", flags[0], flags[1], flags[2], flags[3],
         flags[4], total, check);
  return 0;
}
