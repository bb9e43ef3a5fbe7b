// A team asked for with more threads than the thread limit (1024 per rank,
// omp_get_thread_limit()) gets the limit, with one warning, as OpenMP
// allows and libomp does; the job ended in a fatal error before. Within
// the limit it gets what it asked for. OpenMP_VV's
// test_target_teams_distribute_parallel_for_num_threads asks for 10000
// threads (the combined form is one team over the nodes here); found by a
// helper.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: %mpirun -np 1 %t 2>%t.err | FileCheck %s --check-prefix=ONE
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %mpirun -np 2 %t 2>%t.err2 | FileCheck %s --check-prefix=TWO
// RUN: FileCheck %s --check-prefix=NOWARN --allow-empty < %t.err2
// ONE: parallel: team 1024 sum 1024 limit 1024
// ONE-NEXT: combined: threads in range 1 sum 2016
// TWO: parallel: team 1100 sum 1100 limit 2048
// TWO-NEXT: combined: threads in range 1 sum 2016
// WARN: parade: warning: [rank 0] a team of 1100 threads asked for: at most 1024 threads per rank are supported, so the team has 1024
// WARN-NOT: warning
// NOWARN-NOT: parallel: team
// NOWARN-NOT: a team of 1100
#include <omp.h>
#include <stdio.h>

int main(void) {
  int asked = 1100, team = 0, sum = 0;
#pragma omp parallel num_threads(asked) reduction(+ : sum)
  {
#pragma omp single
    team = omp_get_num_threads();
    sum += 1;
  }
  printf("parallel: team %d sum %d limit %d\n", team, sum, omp_get_thread_limit());
  int many = 10000, most = 0;
  sum = 0;
#pragma omp target teams distribute parallel for num_threads(many) reduction(max : most) \
    reduction(+ : sum)
  for (int i = 0; i < 64; i++) {
    most = omp_get_num_threads() > most ? omp_get_num_threads() : most;
    sum += i;
  }
  printf("combined: threads in range %d sum %d\n", most >= 1 && most <= many, sum);
  return 0;
}
