/* Dependences between sibling tasks (OpenMP depend).
 *
 * A task that creates children with depend clauses keeps a dependence table
 * of the storage locations they named. For each address it holds the last
 * generation of writers (one out, inout or mutexinoutset task, or a group of
 * inoutset tasks) and the readers (in) since. A new child gets an edge from
 * every task of the table that conflicts with it and still runs, and becomes
 * ready when the last of them completes. mutexinoutset is ordered like inout,
 * one of the orders OpenMP allows. omp_all_memory conflicts with everything
 * before it and after it.
 *
 * The table is only touched by the thread that runs its owner (siblings are
 * created by their parent); the edges are shared with the threads that
 * complete tasks, under one lock per node. */
#ifndef PARADE_TASK_DEPEND_H
#define PARADE_TASK_DEPEND_H

#include <stdatomic.h>
#include <stdint.h>

/* A task with dependences, in the graph. */
struct dep_node {
  void *task;               /* the task it stands for */
  _Atomic uint32_t waiting; /* predecessors not complete (+1 while it is registered) */
  _Atomic uint32_t refs;    /* its task, and each table entry that names it */
  int complete;             /* under the graph lock */
  int held;                 /* its creator waits for it: not handed to the queue */
  struct dep_node **succ;   /* tasks waiting for it, under the graph lock */
  uint32_t nsucc, succ_cap;
};

/* One depend clause item. */
struct dep_item {
  const void *addr;
  int kind; /* PARADE_DEP_* */
};

struct dep_table;

/* The items named since the last task creation by the calling thread (the
 * translated depend clauses add them one by one), taken by the next
 * creation. Returns their count; *items stays valid until the next call. */
int dep_take_pending(const struct dep_item **items);

/* A node for @p task, registered in *table (created when NULL) with @p n
 * items: it has an edge from each conflicting task. @p held: the creator
 * waits for node->waiting to fall to 0 itself. Returns non-zero when the
 * task is ready now (no predecessor runs); else the completion of its last
 * predecessor hands it to the ready callback of dep_complete. */
int dep_register(struct dep_table **table, struct dep_node **node, void *task,
                 const struct dep_item *items, int n, int held);

/* @p node's task completed: its successors lose a predecessor; each that
 * becomes ready and is not held goes to @p ready. Drops the task's
 * reference to the node. */
void dep_complete(struct dep_node *node, void (*ready)(void *task));

/* The owner of *table has no running child left, or creates none any more:
 * forget its entries. */
void dep_table_free(struct dep_table **table);

#endif
