// Task dependences (depend on task and taskwait): in/out/inout chains over
// array elements, readers before a writer (write after read), mutexinoutset
// groups, depobj objects, iterators, and
// dependences of tasks created by every thread of the team. A detached
// task's dependence holds until its event is fulfilled, and a task that
// does not depend on it runs meanwhile: the same thread fulfils the event
// after creating tasks, one of which depends on it. Tasks read data that every
// node wrote before the region.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: task-depend: all 5 configurations match gcc -fopenmp
//
// Matching gcc does not show that tasks with dependences were queued
// rather than run at once: every task here has a depend clause, and at
// 2 x 2 some are deferred.
// RUN: %paradecc %s -o %t.stats
// RUN: env PARADE_STATS=1 OMP_NUM_THREADS=2 %mpirun -np 2 %t.stats 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: tasks_deferred={{[1-9][0-9]*}}
#include <omp.h>
#include <stdio.h>

#define N 64
#define READERS 3
#define SET 6

long base[N], chain[N], seen[N][READERS], part[8], per_thread[64];
long d0, other, after_detach, mutex_sum, mutex_seen, all_sum, y, y_seen;
long sum_parts, hist[97], trace[600];

int main(void) {
  long wrong = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    base[i] = 3 * i + 1;
  for (int step = 0; step < 4; step++) {
#pragma omp parallel shared(wrong)
    {
#pragma omp single
      {
        /* A detached task, a task that does not depend on it and one that
         * does, then the event: the creating thread may not wait for the
         * detached task before it fulfils the event (also with one thread
         * per node). */
        omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out : d0)
        d0 = step + 1;
#pragma omp task depend(out : other)
        other = step + 2;
#pragma omp task depend(in : d0) depend(out : after_detach)
        after_detach = d0 * 10;
        omp_fulfill_event(ev);

        /* A chain, each element read by READERS tasks, then negated. */
        for (int i = 0; i < N; i++) {
#pragma omp task depend(in : chain[i > 0 ? i - 1 : 0]) depend(out : chain[i]) firstprivate(i)
          chain[i] = (i > 0 ? -chain[i - 1] : 0) + base[i]; /* after its negation */
          for (int r = 0; r < READERS; r++) {
#pragma omp task depend(in : chain[i]) firstprivate(i, r)
            seen[i][r] = chain[i] * (r + 1);
          }
#pragma omp task depend(inout : chain[i]) firstprivate(i)
          chain[i] = -chain[i];
        }

        /* mutexinoutset: one at a time, in any order. */
#pragma omp task depend(out : mutex_sum)
        mutex_sum = 100;
        for (int k = 0; k < SET; k++) {
#pragma omp task depend(mutexinoutset : mutex_sum) firstprivate(k)
          {
            long v = mutex_sum;
            for (volatile int spin = 0; spin < 1000; spin++)
              ;
            mutex_sum = v + k;
          }
        }
#pragma omp task depend(in : mutex_sum) depend(out : mutex_seen)
        mutex_seen = mutex_sum;

        /* Iterators: one task reads the parts eight tasks wrote. */
        for (int j = 0; j < 8; j++) {
#pragma omp task depend(out : part[j]) firstprivate(j)
          part[j] = base[j * 7] + step;
        }
#pragma omp task depend(iterator(j = 0 : 8), in : part[j]) depend(out : sum_parts)
        {
          long s = 0;
          for (int j = 0; j < 8; j++)
            s += part[j];
          sum_parts = s;
        }

        /* Many tasks over many locations: the table grows and drops
         * entries whose tasks all completed; each location's readers
         * see the writes before them in creation order. */
        for (int i = 0; i < 3000; i++) {
          int h = (i * 37) % 97;
#pragma omp task depend(inout : hist[h]) firstprivate(i, h)
          hist[h] = hist[h] * 3 % 1000003 + i;
          if (i % 5 == 0) {
#pragma omp task depend(in : hist[h]) depend(out : trace[i / 5]) firstprivate(i, h)
            trace[i / 5] = hist[h];
          }
        }

        /* depobj: an inout object, then updated to in. */
        omp_depend_t obj;
#pragma omp depobj(obj) depend(inout : y)
#pragma omp task depend(depobj : obj)
        y = step * 5 + 1;
#pragma omp depobj(obj) update(in)
#pragma omp task depend(depobj : obj) depend(out : y_seen)
        y_seen = y;
#pragma omp depobj(obj) destroy

#pragma omp task depend(in : after_detach, other, mutex_seen, sum_parts, y_seen) depend(out : all_sum)
        all_sum = after_detach + other + mutex_seen + sum_parts + y_seen;
#pragma omp taskwait depend(in : all_sum)
        if (all_sum == 0)
          wrong++;
      }

      /* Every thread's own chain of tasks (siblings of its implicit task). */
      int me = omp_get_thread_num();
      long *mine = &per_thread[me % 64];
#pragma omp task depend(out : mine[0]) firstprivate(mine, me)
      *mine = me + 1;
      for (int k = 0; k < 5; k++) {
#pragma omp task depend(inout : mine[0]) firstprivate(mine, k)
        *mine = *mine * 2 + k;
      }
#pragma omp taskwait depend(in : mine[0])
      if (*mine != (me + 1) * 32 + 26)
#pragma omp atomic
        wrong++;
    }
    long chk = 0;
    for (int i = 0; i < N; i++) {
      long expect = 0;
      for (int k = 0; k <= i; k++)
        expect += base[k];
      if (chain[i] != -expect)
        wrong++;
      for (int r = 0; r < READERS; r++)
        if (seen[i][r] != expect * (r + 1))
          wrong++;
      chk += seen[i][0];
    }
    for (int i = 0; i < 600; i++)
      chk = (chk * 7 + trace[i]) % 1000000007;
    printf("step %d: after_detach=%ld other=%ld mutex=%ld parts=%ld y=%ld all=%ld chk=%ld\n",
           step, after_detach, other, mutex_seen, sum_parts, y_seen, all_sum, chk);
  }
  printf("wrong=%ld\n", wrong);
  return 0;
}
