#include "task_depend.h"

#include "error.h"

#include <parade.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* The edges of every dependence graph of this node. */
static pthread_mutex_t graph_lock = PTHREAD_MUTEX_INITIALIZER;

struct dep_list {
  struct dep_node **v;
  uint32_t n, cap;
};

struct dep_entry {
  const void *addr;          /* NULL: a free slot */
  struct dep_list writers;   /* the last generation of writers */
  struct dep_list readers;   /* in since that generation */
  struct dep_list set_preds; /* what an inoutset generation waits for */
  int inoutset;              /* the writers are a group of inoutset tasks */
};

struct dep_table {
  struct dep_entry *slot; /* open addressing, a power of two */
  uint32_t cap, used;
  uint32_t sweep_at;           /* entries at which complete ones are dropped */
  struct dep_node *all_memory; /* the last omp_all_memory task */
};

static void *xrealloc(void *p, size_t size) {
  void *q = realloc(p, size);
  if (!q)
    err_fatal("out of memory tracking task dependences");
  return q;
}

static void node_unref(struct dep_node *n) {
  if (n && atomic_fetch_sub(&n->refs, 1) == 1) {
    free(n->succ);
    free(n);
  }
}

/* ---- Pending items of the next task ------------------------------------- */

static __thread struct {
  struct dep_item *v;
  int n, cap;
  int taken; /* the items were handed out: the next add starts afresh */
} pending;

static void pending_add(const void *addr, int kind) {
  if (pending.taken) {
    pending.n = 0;
    pending.taken = 0;
  }
  if (pending.n == pending.cap) {
    pending.cap = pending.cap ? 2 * pending.cap : 16;
    pending.v = xrealloc(pending.v, (size_t)pending.cap * sizeof *pending.v);
  }
  pending.v[pending.n++] = (struct dep_item){addr, kind};
}

void parade_task_depend(const void *addr, int kind) {
  if (kind < PARADE_DEP_IN || kind > PARADE_DEP_ALL_MEMORY)
    err_fatal("parade_task_depend: unknown dependence type %d", kind);
  pending_add(addr, kind);
}

int dep_take_pending(const struct dep_item **items) {
  int n = pending.taken ? 0 : pending.n;
  pending.taken = 1;
  *items = pending.v;
  return n;
}

/* ---- depobj -------------------------------------------------------------- */

/* omp_depend_t's two words: the address and the dependence type. */
struct depobj {
  const void *addr;
  intptr_t kind; /* 0: not initialised or destroyed */
};

_Static_assert(sizeof(struct depobj) <= 2 * sizeof(void *), "omp_depend_t holds a depobj");

void parade_depobj_init(void *obj, const void *addr, int kind) {
  if (kind < PARADE_DEP_IN || kind > PARADE_DEP_ALL_MEMORY)
    err_fatal("depobj: unknown dependence type %d", kind);
  *(struct depobj *)obj = (struct depobj){addr, kind};
}

void parade_depobj_update(void *obj, int kind) {
  struct depobj *d = obj;
  if (d->kind == 0)
    err_fatal("depobj update: the depend object was not initialised (or was destroyed)");
  if (kind < PARADE_DEP_IN || kind > PARADE_DEP_INOUTSET)
    err_fatal("depobj update: unknown dependence type %d", kind);
  if (d->kind == PARADE_DEP_ALL_MEMORY)
    err_fatal("depobj update: the depend object names omp_all_memory, which has no other "
              "dependence type");
  d->kind = kind;
}

void parade_depobj_destroy(void *obj) {
  struct depobj *d = obj;
  if (d->kind == 0)
    err_fatal("depobj destroy: the depend object was not initialised (or was destroyed)");
  *d = (struct depobj){NULL, 0};
}

void parade_task_depend_obj(const void *obj) {
  const struct depobj *d = obj;
  if (d->kind == 0)
    err_fatal("depend(depobj: ...): the depend object was not initialised (or was destroyed)");
  pending_add(d->addr, (int)d->kind);
}

/* ---- The table ----------------------------------------------------------- */

static void list_clear(struct dep_list *l) {
  for (uint32_t i = 0; i < l->n; i++)
    node_unref(l->v[i]);
  l->n = 0;
}

static void list_free(struct dep_list *l) {
  list_clear(l);
  free(l->v);
  *l = (struct dep_list){0};
}

/* Called with the graph lock held (complete is read). */
static void list_drop_complete(struct dep_list *l) {
  uint32_t kept = 0;
  for (uint32_t i = 0; i < l->n; i++) {
    if (l->v[i]->complete)
      node_unref(l->v[i]);
    else
      l->v[kept++] = l->v[i];
  }
  l->n = kept;
}

static void list_push(struct dep_list *l, struct dep_node *n) {
  if (l->n == l->cap) {
    list_drop_complete(l); /* a location read by many tasks in turn */
    if (l->n == l->cap) {
      l->cap = l->cap ? 2 * l->cap : 4;
      l->v = xrealloc(l->v, l->cap * sizeof *l->v);
    }
  }
  atomic_fetch_add(&n->refs, 1);
  l->v[l->n++] = n;
}

/* Move the nodes of @p from to the end of @p to. */
static void list_move(struct dep_list *to, struct dep_list *from) {
  for (uint32_t i = 0; i < from->n; i++) {
    list_push(to, from->v[i]);
    node_unref(from->v[i]);
  }
  from->n = 0;
}

static uint32_t hash(const void *addr) {
  uint64_t x = (uint64_t)(uintptr_t)addr;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return (uint32_t)x;
}

static struct dep_entry *find_slot(struct dep_table *t, const void *addr) {
  uint32_t mask = t->cap - 1;
  for (uint32_t i = hash(addr) & mask;; i = (i + 1) & mask)
    if (t->slot[i].addr == addr || t->slot[i].addr == NULL)
      return &t->slot[i];
}

static int entry_live(struct dep_entry *e) {
  list_drop_complete(&e->writers);
  list_drop_complete(&e->readers);
  list_drop_complete(&e->set_preds);
  return e->writers.n || e->readers.n || e->set_preds.n;
}

static void entry_free(struct dep_entry *e) {
  list_free(&e->writers);
  list_free(&e->readers);
  list_free(&e->set_preds);
  e->addr = NULL;
}

/* Rehash into @p cap slots, dropping the entries whose tasks all
 * completed when @p sweep (under the graph lock). */
static void rehash(struct dep_table *t, uint32_t cap, int sweep) {
  struct dep_entry *old = t->slot;
  uint32_t old_cap = t->cap;
  t->slot = calloc(cap, sizeof *t->slot);
  if (!t->slot)
    err_fatal("out of memory tracking task dependences");
  t->cap = cap;
  t->used = 0;
  for (uint32_t i = 0; i < old_cap; i++) {
    if (!old[i].addr)
      continue;
    if (sweep && !entry_live(&old[i])) {
      entry_free(&old[i]);
      continue;
    }
    *find_slot(t, old[i].addr) = old[i];
    t->used++;
  }
  free(old);
}

static struct dep_entry *lookup(struct dep_table *t, const void *addr) {
  if (t->used >= t->sweep_at) {
    rehash(t, t->cap, 1);
    t->sweep_at = t->used * 2 > 64 ? t->used * 2 : 64;
  }
  if (2 * (t->used + 1) > t->cap) {
    uint32_t cap = t->cap;
    while (2 * (t->used + 1) > cap)
      cap *= 2;
    rehash(t, cap, 0);
  }
  struct dep_entry *e = find_slot(t, addr);
  if (!e->addr) {
    *e = (struct dep_entry){.addr = addr};
    t->used++;
  }
  return e;
}

/* ---- Edges (under the graph lock) ------------------------------------------ */

static void edge(struct dep_node *pred, struct dep_node *succ) {
  if (!pred || pred == succ || pred->complete)
    return;
  if (pred->nsucc == pred->succ_cap) {
    pred->succ_cap = pred->succ_cap ? 2 * pred->succ_cap : 4;
    pred->succ = xrealloc(pred->succ, pred->succ_cap * sizeof *pred->succ);
  }
  pred->succ[pred->nsucc++] = succ;
  atomic_fetch_add(&succ->waiting, 1);
}

static void edges_from(const struct dep_list *l, struct dep_node *succ) {
  for (uint32_t i = 0; i < l->n; i++)
    edge(l->v[i], succ);
}

static void set_single(struct dep_list *l, struct dep_node *n) {
  list_clear(l);
  list_push(l, n);
}

static void add_item(struct dep_table *t, struct dep_node *n, const struct dep_item *it) {
  if (it->kind == PARADE_DEP_ALL_MEMORY) {
    for (uint32_t i = 0; i < t->cap; i++) {
      struct dep_entry *e = &t->slot[i];
      if (!e->addr)
        continue;
      edges_from(&e->writers, n);
      edges_from(&e->readers, n);
      edges_from(&e->set_preds, n);
      entry_free(e);
    }
    t->used = 0;
    edge(t->all_memory, n);
    node_unref(t->all_memory);
    atomic_fetch_add(&n->refs, 1);
    t->all_memory = n;
    return;
  }
  edge(t->all_memory, n);
  /* NULL marks a free slot: a null item (a null pointer's section) has a
   * key of its own. */
  static const char null_item;
  struct dep_entry *e = lookup(t, it->addr ? it->addr : &null_item);
  switch (it->kind) {
  case PARADE_DEP_IN:
    edges_from(&e->writers, n);
    list_push(&e->readers, n);
    break;
  case PARADE_DEP_INOUTSET:
    if (e->inoutset && e->readers.n == 0) { /* joins the group */
      edges_from(&e->set_preds, n);
      list_push(&e->writers, n);
      break;
    }
    list_clear(&e->set_preds);
    list_move(&e->set_preds, &e->writers);
    list_move(&e->set_preds, &e->readers);
    edges_from(&e->set_preds, n);
    set_single(&e->writers, n);
    e->inoutset = 1;
    break;
  default: /* out, inout, mutexinoutset */
    edges_from(&e->writers, n);
    edges_from(&e->readers, n);
    set_single(&e->writers, n);
    list_clear(&e->readers);
    list_clear(&e->set_preds);
    e->inoutset = 0;
    break;
  }
}

int dep_register(struct dep_table **table, struct dep_node **node, void *task,
                 const struct dep_item *items, int n, int held) {
  struct dep_node *d = calloc(1, sizeof *d);
  if (!d)
    err_fatal("out of memory tracking task dependences");
  d->task = task;
  d->held = held;
  atomic_store(&d->waiting, 1);
  atomic_store(&d->refs, 1);
  *node = d;
  if (!*table) {
    struct dep_table *t = calloc(1, sizeof *t);
    if (!t)
      err_fatal("out of memory tracking task dependences");
    t->cap = 16;
    t->sweep_at = 64;
    t->slot = calloc(t->cap, sizeof *t->slot);
    if (!t->slot)
      err_fatal("out of memory tracking task dependences");
    *table = t;
  }
  pthread_mutex_lock(&graph_lock);
  for (int i = 0; i < n; i++)
    add_item(*table, d, &items[i]);
  pthread_mutex_unlock(&graph_lock);
  return atomic_fetch_sub(&d->waiting, 1) == 1;
}

void dep_complete(struct dep_node *node, void (*ready)(void *task)) {
  pthread_mutex_lock(&graph_lock);
  node->complete = 1;
  struct dep_node **succ = node->succ;
  uint32_t nsucc = node->nsucc;
  node->succ = NULL;
  node->nsucc = node->succ_cap = 0;
  pthread_mutex_unlock(&graph_lock);
  for (uint32_t i = 0; i < nsucc; i++) {
    struct dep_node *s = succ[i];
    int held = s->held; /* read before: a held node may be freed once released */
    void *task = s->task;
    if (atomic_fetch_sub(&s->waiting, 1) == 1 && !held)
      ready(task);
  }
  free(succ);
  node_unref(node);
}

void dep_table_free(struct dep_table **table) {
  struct dep_table *t = *table;
  if (!t)
    return;
  pthread_mutex_lock(&graph_lock); /* list_drop_complete reads complete */
  for (uint32_t i = 0; i < t->cap; i++)
    if (t->slot[i].addr)
      entry_free(&t->slot[i]);
  node_unref(t->all_memory);
  pthread_mutex_unlock(&graph_lock);
  free(t->slot);
  free(t);
  *table = NULL;
}
