// flush(list) naming a pointer (or an aggregate holding one) is a full
// flush: the data behind the pointer must become visible too, as gcc's
// full fence makes it, and real codes (NAS LU's flush(isync, v) with v a
// parameter) depend on it. A list of plain data stays a list.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
//
// CHECK-LABEL: parade_region
// CHECK: parade_flush();
// CHECK: parade_flush();
// CHECK: parade_flush_list(parade_fa, parade_fs, 1);
// REMARK: flush-pointer.c:[[@LINE+15]]:1: remark: flush is a release of this node's writes and an acquire of all shared data: 'v' holds a pointer
// REMARK: flush-pointer.c:[[@LINE+15]]:1: remark: flush is a release of this node's writes and an acquire of all shared data: 'box' holds a pointer
// REMARK: flush-pointer.c:[[@LINE+15]]:1: remark: flush is a release of this node's writes and an acquire of 1 variable(s)
int isync[8];
struct holder {
  int n;
  double *data;
};
struct holder box;

static void sweep(double *v) {
#pragma omp parallel
  {
    v[0] = 1;
    isync[0] = 1;
#pragma omp flush(isync, v)
#pragma omp flush(box)
#pragma omp flush(isync)
  }
}

int main(void) {
  double d[4];
  sweep(d);
  return 0;
}
