// A critical block of updates that commute, met many times, becomes
// deferred updates applied under the critical's own lock
// (parade_critical_update with its name). Not when a value reads what the
// block updates or what a critical may write meanwhile (through a pointer
// too), when a value calls an impure function, or when the thread reads
// an updated object before its next synchronisation; a read after the
// worksharing loop's barrier does not count.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %translate -Rparade -fparade-sync=lock %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=LOCK
//
// CHECK: { int parade_av = (int)1; parade_update parade_au[] = {{[{][{]}}(void *)&(hist[i % 8]), PARADE_INT, PARADE_OP_SUM, &parade_av}}; parade_critical_update(0, parade_au, 1); }
// A block's updates are one instance, deferred whole.
// CHECK: { double parade_av = (double)(x[i]); long parade_av1 = (long)1; parade_update parade_au[] = {{[{][{]}}(void *)&(sum), PARADE_DOUBLE, PARADE_OP_SUM, &parade_av}, {(void *)&(count), PARADE_LONG, PARADE_OP_SUM, &parade_av1}}; parade_critical_update("s", parade_au, 2); }
// CHECK: { long parade_av = (-(long)(2)); parade_update parade_au[] = {{[{][{]}}(void *)&(table[bin[i]]), PARADE_LONG, PARADE_OP_SUM, &parade_av}}; parade_critical_update("t", parade_au, 1); }
// LOCK-NOT: deferred
// LOCK: critical-deferred.c:[[@LINE+29]]:1: remark: critical uses the distributed lock: -fparade-sync=lock
static int hist[8];
static double sum;
static long count;
static int a, b;
static unsigned long m;
static _Bool flag;
static float f;
static int *rows[4];
static const int *ip;
static long isum, tot, *hp, *gp;
static int cnt[4], hist2[16];
double ext;
long total, seen;
double weight(int);

static int n;
static const double *x;
static const int *bin;

/* main's regions, at its top level, run one after the other: what one
 * writes under a lock is not written beside another's values */
int main(void) {
  long *table = (long *)__builtin_malloc(8 * sizeof(long));
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical deferred: its updates combined by each thread, applied under the critical's lock at the thread's next synchronisation (it is inside a loop, not met once by every thread)
#pragma omp critical
      hist[i % 8]++;
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical deferred
#pragma omp critical(s)
      {
        sum += x[i];
        count++;
      }
      /* the pointer reaches the region and free, and goes nowhere else */
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical deferred
#pragma omp critical(t)
      table[bin[i]] -= 2;
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: a value of the block reads 'a', which the block updates
#pragma omp critical(ab)
      {
        a += 1;
        b += a;
      }
    }
    /* after the loop's barrier: not a read before the updates apply */
    if (hist[0] > 0)
      seen = table[0];
  }
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: a value of the block reads memory through a pointer, which may be 'ext', which a critical or atomic of this file may write meanwhile
#pragma omp critical(e)
      ext += x[i];
    }
#pragma omp for
    for (int i = 0; i < n; i++) {
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: 'total' is used outside atomics and criticals at line [[@LINE+3]], where the thread must see its own update
#pragma omp critical(t)
      total += i;
      if (total > 100)
        seen = 1;
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: the block is not a sequence of updates
#pragma omp critical(t)
      if (i > 0)
        total += i;
    }
  }
  /* a region of its own: weight may write anything, also what the
   * values above read, but not while they run */
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: the block calls 'weight'
#pragma omp critical(w)
    sum += weight(i);
  }
  /* the refusals of the block's own form */
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: the block updates what may be one object with two operators
#pragma omp critical(m)
    {
      m *= 3;
      m += 1;
    }
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: the updated object is not an arithmetic variable
#pragma omp critical(flag)
    flag ^= 2;
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: a floating object updated by a wider floating value
#pragma omp critical(f)
    f += 1.00000001;
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: the updated object is reached through a pointer held in an array or a structure
#pragma omp critical(rows)
    rows[i % 4][0] += 1;
    /* that lock-path critical writes an int through a pointer, which ip
     * may reach */
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: a value of the block reads memory through a pointer, which a critical or atomic of this file may write meanwhile
#pragma omp critical(ip)
    isum += ip[i];
    /* an atomic's index and value are read before it applies the
     * thread's deferred updates */
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: 'cnt' is used outside atomics and criticals at line [[@LINE+4]]
#pragma omp critical(cnt)
    cnt[i % 4] += 1;
#pragma omp atomic
    hist2[cnt[i % 4]]++;
// REMARK: critical-deferred.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: the thread reads through a pointer at line [[@LINE+4]], which may reach 'hp'
#pragma omp critical(hp)
    hp[i % 4] += 1;
#pragma omp atomic
    tot += gp[i % 4];
  }
  __builtin_free(table);
  return 0;
}
