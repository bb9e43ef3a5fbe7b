// The update forms of critical and atomic: an atomic is read off Sema's
// analysis (x, expr, the operator, which side x is on), each statement of a
// critical block is matched as x++, x--, x op= e, x = x op e or x = e op x
// (an operator that commutes). Forms without a collective operator keep
// the lock, and -Rparade says why.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
long count;
double total, scaled, product, ratio, back;
int bits;

void f(double v, int k) {
#pragma omp parallel
  {
// CHECK: { long parade_c0 = (long)-1; parade_reduce_var parade_cv[] = {{[{][{]}}&parade_c0, 1, PARADE_LONG, PARADE_OP_SUM}}; void *parade_ct[] = {&(count)};
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: atomic mapped to a collective: 8 bytes
#pragma omp atomic
    count--;
// CHECK: { double parade_c0 = (double)(2 * v); {{.*}}PARADE_OP_SUM}}; void *parade_ct[] = {&(total)};
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: atomic mapped to a collective: 8 bytes
#pragma omp atomic
    total = 2 * v + total;
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: atomic uses the distributed lock: the block assigns a value that is not an update of the variable
#pragma omp atomic
    back = v - back;
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: atomic uses the distributed lock: the update's operator has no collective form
#pragma omp atomic
    ratio = ratio / v;
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: atomic uses the distributed lock: the update's operator has no collective form
#pragma omp atomic
    bits <<= 1;
// The lock path evaluates an atomic's expression before taking the lock.
// CHECK: { double parade_ae = (v); parade_critical_enter("parade.atomic");
// CHECK: back = parade_ae - back; parade_critical_exit("parade.atomic"); }
// CHECK: { double parade_ae = (v); parade_critical_enter("parade.atomic");
// CHECK: ratio = ratio / parade_ae; parade_critical_exit("parade.atomic"); }
// CHECK: bits <<= 1;
// CHECK: { double parade_c0 = (double)(v); int parade_c1 = (int)(k); double parade_c2 = (-(double)(v)); {{.*}}PARADE_OP_PROD}, {{.*}}PARADE_OP_BXOR}, {{.*}}PARADE_OP_SUM}}; void *parade_ct[] = {&(product), &(bits), &(scaled)};
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: critical mapped to a collective: 20 bytes
#pragma omp critical
    {
      product *= v;
      bits ^= k;
      scaled = scaled - v;
    }
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: the block assigns a value that is not an update of the variable
#pragma omp critical
    back = v - back;
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: the block assigns a value that is not an update of the variable
#pragma omp critical
    scaled = v;
// REMARK: update-forms.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: the block is not a sequence of updates of shared scalars
#pragma omp critical
    {
      if (k)
        total += v;
    }
  }
}
