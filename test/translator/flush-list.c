// Every flush is a full flush, with a list or without, as gcc's is (a
// fence of all memory): codes rely on it, such as NAS LU's pipelines with
// flush(isync, v) (v a parameter: a pointer) or flush(flag) alone (NPB 2.3,
// which then reads the rows the flag hands on; e2e/flush-list-pipeline.c).
// Before, a list of plain data flushed only its own pages.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
//
// CHECK: parade_flush();
// CHECK: parade_flush();
// CHECK: parade_flush();
// CHECK-NOT: parade_flush_list
// REMARK: flush-list.c:[[@LINE+11]]:1: remark: flush is a release of this node's writes and an acquire of all shared data, whatever its list names (as gcc's)
// REMARK: flush-list.c:[[@LINE+11]]:1: remark: flush is a release of this node's writes and an acquire of all shared data, whatever its list names (as gcc's)
// REMARK: flush-list.c:[[@LINE+11]]:1: remark: flush is a release of this node's writes and an acquire of all shared data [-Rparade]
int flag;
double buf[64];
void pipeline(double *v, int n) {
#pragma omp parallel
  {
    buf[0] = 1;
    v[0] = n;
    flag = 1;
#pragma omp flush(flag, buf)
#pragma omp flush(flag, v)
#pragma omp flush
  }
}
