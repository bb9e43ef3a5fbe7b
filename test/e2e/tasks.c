// Explicit tasks: recursive tasks sharing the parent's locals, tasks made
// in a worksharing loop, captured loop variables, taskwait, taskgroup over
// nested tasks, if/final/depend/untied/mergeable/priority clauses, tasks in
// serial code, private and firstprivate arrays and a shared struct.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: tasks: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 200

long fib(int n) {
  long x, y;
  if (n < 2)
    return n;
#pragma omp task shared(x) firstprivate(n) final(n < 8)
  x = fib(n - 1);
#pragma omp task shared(y) if(n > 10) untied
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

struct stats {
  long sum;
  int count;
};

int squares[N];

int main(void) {
  long f = 0;
  int from_loop[N] = {0};
  int nested = 0, finals = 0;
  int chain = 0, chain_seen = -1;
  struct stats st = {0, 0};
  int serial = 0;

#pragma omp parallel
  {
#pragma omp single
    f = fib(20);

#pragma omp for schedule(dynamic, 7)
    for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i) mergeable priority(1)
      from_loop[i] = i * i + 1;
    }

#pragma omp single
    {
      for (int i = 0; i < N; i++) {
        int k = i % 13;
#pragma omp task
        squares[i] = i * i + k;
      }
#pragma omp taskwait
      for (int i = 0; i < N; i++) {
        st.sum += squares[i];
        st.count++;
      }
    }

#pragma omp master
    {
#pragma omp taskgroup
      {
        for (int t = 0; t < 8; t++) {
#pragma omp task
          {
#pragma omp task
            {
#pragma omp atomic
              nested++;
            }
#pragma omp task if(0)
            {
#pragma omp atomic
              nested++;
            }
          }
        }
      }
#pragma omp task final(1)
      {
#pragma omp task
        finals = omp_in_final() ? 2 : 1;
      }
#pragma omp taskwait
#pragma omp task depend(out: chain)
      chain = 10;
#pragma omp task depend(inout: chain)
      chain = chain * 3 + 1;
#pragma omp task depend(in: chain)
      chain_seen = chain;
#pragma omp taskwait
    }
  }

  /* A task outside any region: the initial thread runs it. */
  int local[4] = {1, 2, 3, 4};
  int scratch[4];
#pragma omp task firstprivate(local) private(scratch) shared(serial)
  {
    for (int i = 0; i < 4; i++)
      scratch[i] = local[i] * 10;
    serial = scratch[0] + scratch[3];
  }
#pragma omp taskwait

  long loop_sum = 0;
  for (int i = 0; i < N; i++)
    loop_sum += from_loop[i];
  printf("fib(20) = %ld\n", f);
  printf("loop tasks: sum %ld\n", loop_sum);
  printf("single tasks: sum %ld count %d\n", st.sum, st.count);
  printf("taskgroup: %d nested tasks\n", nested);
  printf("final: child in_final %d\n", finals);
  printf("depend chain: %d seen %d\n", chain, chain_seen);
  printf("serial task: %d\n", serial);
  return 0;
}
