// flush(list) passes the address and size of each listed variable, so the
// runtime drops only their pages; a flush without a list drops all.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
//
// CHECK: { const void *parade_fa[] = {(const void *)&flag, (const void *)&buf}; size_t parade_fs[] = {sizeof flag, sizeof buf}; parade_flush_list(parade_fa, parade_fs, 2); }
// CHECK: parade_flush();
// REMARK: flush-list.c:[[@LINE+9]]:1: remark: flush is a release of this node's writes and an acquire of 2 variable(s)
// REMARK: flush-list.c:[[@LINE+9]]:1: remark: flush is a release of this node's writes and an acquire of all shared data
int flag;
double buf[64];
int main(void) {
#pragma omp parallel
  {
    buf[0] = 1;
    flag = 1;
#pragma omp flush(flag, buf)
#pragma omp flush
  }
  return 0;
}
