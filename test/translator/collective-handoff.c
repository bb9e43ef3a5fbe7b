// A critical or atomic update met once by every thread is not a collective
// when the threads of its region may wait for each other: an atomic read,
// a flush, a lock, a volatile or _Atomic object, in the region or in a
// function of this file it calls.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks > /dev/null
// RUN: FileCheck %s < %t.remarks --implicit-check-not="mapped to a collective"
//
// An atomic read applies the reader's deferred updates: the update is still
// deferred.
// CHECK: collective-handoff.c:[[@LINE+12]]:1: remark: atomic update deferred: combined by each thread, applied under the lock at its next synchronisation (threads of its region may wait for each other (an atomic read at line [[@LINE+10]]), which a collective could deadlock)
#include <omp.h>
int turn, flag;
volatile int vflag;
omp_lock_t lock;
double total;
void tickets(void) {
#pragma omp parallel
  {
    int t;
#pragma omp atomic read
    t = turn;
#pragma omp atomic
    turn++;
  }
}
// A flush applies the thread's deferred updates: the critical is deferred.
// CHECK: collective-handoff.c:[[@LINE+5]]:1: remark: critical deferred: {{.*}} (threads of its region may wait for each other (a flush at line [[@LINE+4]])
void flushes(void) {
#pragma omp parallel
  {
#pragma omp flush
#pragma omp critical
    total += 1;
  }
}
// CHECK: collective-handoff.c:[[@LINE+4]]:1: remark: critical uses the distributed lock: threads of its region may wait for each other (the volatile object 'vflag' at line [[@LINE+6]])
void volatiles(void) {
#pragma omp parallel
  {
#pragma omp critical
    total += 1;
    while (!vflag)
      ;
  }
}
static void wait_for_lock(void) {
  omp_set_lock(&lock);
  omp_unset_lock(&lock);
}
// CHECK: collective-handoff.c:[[@LINE+5]]:1: remark: critical uses the distributed lock: threads of its region may wait for each other (a call to 'omp_set_lock' at line [[@LINE-3]])
void locks(void) {
#pragma omp parallel
  {
    wait_for_lock();
#pragma omp critical
    total += 1;
  }
}
// A single there goes to the first thread to reach it (thread 0 may be
// waiting in an earlier one).
// CHECK: collective-handoff.c:[[@LINE+4]]:1: remark: single goes to the first thread to reach it (threads of its region may wait for each other: an atomic read at line [[@LINE+7]])
void single_nowait(void) {
#pragma omp parallel
  {
#pragma omp single nowait
    flag = 2;
    int f;
#pragma omp atomic read
    f = flag;
    (void)f;
  }
}
// A thread waiting through a volatile object would never see a deferred
// update.
// CHECK: collective-handoff.c:[[@LINE+4]]:1: remark: atomic uses the distributed lock: threads of its region may wait for each other (the volatile object 'vflag' at line [[@LINE+6]]), which a collective could deadlock; not deferred: a thread waiting through the volatile object 'vflag' at line [[@LINE+6]] would not apply it
void volatile_atomic(void) {
#pragma omp parallel
  {
#pragma omp atomic
    turn++;
    while (!vflag)
      ;
  }
}
// Without waits between threads the fast path stays.
// CHECK: collective-handoff.c:[[@LINE+5]]:1: remark: critical mapped to a collective: 8 bytes of shared data
void plain(void) {
#pragma omp parallel
  {
    double mine = omp_get_thread_num();
#pragma omp critical
    total += mine;
  }
}
// A volatile local of a function the region calls, or of the region's own
// block, belongs to one thread: no other thread can wait through it (the
// EPCC-style delay loop), so the fast path stays.
static void delay(int n) {
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}
// CHECK: collective-handoff.c:[[@LINE+7]]:1: remark: critical mapped to a collective: 8 bytes of shared data
// CHECK: collective-handoff.c:[[@LINE+8]]:1: remark: atomic mapped to a collective: 8 bytes of shared data
void private_volatiles(void) {
#pragma omp parallel
  {
    volatile int spins = 3;
    delay(spins);
#pragma omp critical
    total += 1;
#pragma omp atomic
    total += 2;
  }
}
// A volatile local of the function around the region is shared by the
// region's threads: still a possible wait.
// CHECK: collective-handoff.c:[[@LINE+5]]:1: remark: critical uses the distributed lock: threads of its region may wait for each other (the volatile object 'go' at line [[@LINE+7]])
void shared_local_volatile(void) {
  volatile int go = 0;
#pragma omp parallel shared(go)
  {
#pragma omp critical
    total += 1;
    while (!go)
      ;
  }
}
