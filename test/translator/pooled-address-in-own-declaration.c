// A pooled local whose declaration stays as written beside its pool storage
// (it is declared with its type, or a macro names it) and whose address
// another declarator of the same statement takes: the address is the stack
// object's, whose value the pool storage takes after the statement, so
// writes through it were lost (head.next stayed NULL where the program set
// it through tail). It is refused at the address; a value read there is
// fine. Found by a review. The same through a macro (the Linux list's
// LIST_HEAD_INIT), where the name stays as written: list.next == &list
// was false in the region, silently.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: pooled-address-in-own-declaration.c:[[@LINE+14]]:42: error: the address of 'list', which other threads or nodes reach, is taken in its own declaration; declare 'list' in a statement of its own
// CHECK: pooled-address-in-own-declaration.c:[[@LINE+11]]:{{[0-9]+}}: error: the address of 'head', which other threads or nodes reach, is taken in its own declaration; declare 'head' in a statement of its own
// CHECK: pooled-address-in-own-declaration.c:[[@LINE+11]]:{{[0-9]+}}: error: the address of 'cells', which other threads or nodes reach, is taken in its own declaration; declare 'cells' in a statement of its own
#include <stdio.h>
#define SHOW(x) printf("%d\n", (int)(x))
struct list_head { struct list_head *next, *prev; };
#define LIST_HEAD_INIT(name) { &(name), &(name) }

int main(void) {
  struct node {
    int v;
    struct node *next;
  } head = {0, 0}, *tail = &head, copy = head;
  int cells[4] = {1, 2, 3, 4}, *cur = cells, third = cells[2];
  struct list_head list = LIST_HEAD_INIT(list);
  SHOW(cells[0]);
  SHOW(third + copy.v);
#pragma omp parallel
  {
    tail->v++;
    cur[1]++;
    SHOW(list.next == &list);
  }
  return 0;
}
