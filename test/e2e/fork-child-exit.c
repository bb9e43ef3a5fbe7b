// A child the program makes with fork() calls exit(): it ends itself, and
// the parent goes on. The child inherited the runtime's exit handler,
// which left MPI and ended the job as if the parent had exited: the job
// hung (OpenMP Examples' pause_resource.1, which forks after a parallel
// region). The child's output and its exit status reach the parent, at
// one rank and at two. A parallel region in the child has one thread (it
// has none of the runtime's), its blocks are its own (its parent's heap
// is left alone), its main may return, and reading shared data its node
// has no copy of is an error that says so. Found by a helper (the
// allocator and main's return by a review).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t region | FileCheck %s --check-prefix=REGION
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t remote 2>&1 | FileCheck %s --check-prefix=REMOTE
// CHECK: e2e: fork-child-exit: all 5 configurations match gcc -fopenmp
// REGION: child: team of 1, sum 8386560, heap 8386560
// REGION-NEXT: parent: child exited with 3, heap[0] 0
// The child's error (its stderr) and the parent's line (its stdout) reach
// mpirun through separate pipes, which it may merge in either order.
// REMOTE-DAG: parade: error: [rank 0] a child process made by fork() read shared data of page {{[0-9]+}}, which its parent had no copy of
// REMOTE-DAG: parent: child exited with 1, heap[0] 0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { N = 4096 };
/* Whole pages each: a page that computed[] shares with data[] would be
 * written on the other node too. */
static double data[N] __attribute__((aligned(4096)));
static double computed[N] __attribute__((aligned(4096)));
static double *heap;

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  heap = malloc(N * sizeof *heap);
  for (int i = 0; i < N; i++)
    data[i] = heap[i] = i;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    computed[i] = 2.0 * i;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    double s = 0;
    if (!strcmp(mode, "remote")) {
      for (int i = 0; i < N; i++) /* written on every node, half of it elsewhere */
        s += computed[i];
    } else {
      for (int i = 0; i < N; i++) /* written by this node's serial code */
        s += data[i];
    }
    if (!strcmp(mode, "region")) {
      /* Its own blocks, and its parent's left alone; main returns. */
      double *mine = malloc(N * sizeof *mine), h = 0;
      for (int i = 0; i < N; i++)
        mine[i] = heap[i];
      double *grown = realloc(heap, N * sizeof *heap); /* moves: the parent's stays */
      grown[0] = 1e9;
      free(grown);
      for (int i = 0; i < N; i++)
        h += mine[i];
      free(mine);
      int team = 0;
#pragma omp parallel
      {
#pragma omp atomic
        team++;
      }
      printf("child: team of %d, sum %.0f, heap %.0f\n", team, s, h);
      return 3;
    } else {
      printf("child: sum %.0f\n", s);
    }
    exit(3);
  }
  int status;
  waitpid(pid, &status, 0);
  printf("parent: child exited with %d, heap[0] %.0f\n",
         WIFEXITED(status) ? WEXITSTATUS(status) : -1, heap[0]);
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += data[i] + computed[i];
  printf("parent: sum %.0f\n", s);
  free(heap);
  return 0;
}
