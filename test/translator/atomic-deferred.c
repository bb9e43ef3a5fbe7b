// An atomic update that commutes, met many times, becomes a deferred
// update: the value is converted to the object's type (negated for
// subtraction) and handed to parade_atomic_update with the object's
// address. Updates whose combination would differ from C's conversions, or
// that do not commute, keep the lock.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
//
// CHECK: { int parade_av = (int)1; parade_atomic_update((void *)&(hist[i % 8]), PARADE_INT, PARADE_OP_SUM, &parade_av); }
// CHECK: { double parade_av = (-(double)(0.5 * i)); parade_atomic_update((void *)&(energy), PARADE_DOUBLE, PARADE_OP_SUM, &parade_av); }
// CHECK: { unsigned int parade_av = (unsigned int)(1u << i); parade_atomic_update((void *)&(seen), PARADE_UINT, PARADE_OP_BOR, &parade_av); }
// The body copied into the lock path keeps its line (#line).
// CHECK: parade_critical_enter("parade.atomic");
// CHECK-NEXT: #line {{[0-9]+}} "{{.*}}atomic-deferred.c"
// CHECK-NEXT: hist[0] += 0.5; parade_critical_exit("parade.atomic");
// CHECK: parade_critical_enter("parade.atomic");
// CHECK-NEXT: #line {{[0-9]+}} "{{.*}}atomic-deferred.c"
// CHECK-NEXT: scale /= 2; parade_critical_exit("parade.atomic");
// REMARK: atomic-deferred.c:[[@LINE+13]]:1: remark: atomic update deferred
// REMARK: atomic-deferred.c:[[@LINE+14]]:1: remark: atomic update deferred
// REMARK: atomic-deferred.c:[[@LINE+15]]:1: remark: atomic update deferred
// REMARK: atomic-deferred.c:[[@LINE+16]]:1: remark: atomic uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: an integer object updated by a non-integer value
// REMARK: atomic-deferred.c:[[@LINE+17]]:1: remark: atomic uses the distributed lock: it is inside a loop, not met once by every thread; not deferred: the update is not x += e
int hist[8];
double energy;
unsigned seen;
double scale = 1;

void kernel(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    hist[i % 8]++;
#pragma omp atomic
    energy -= 0.5 * i;
#pragma omp atomic
    seen |= 1u << i;
#pragma omp atomic
    hist[0] += 0.5;
#pragma omp atomic
    scale /= 2;
  }
}
