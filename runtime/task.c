#include "task.h"

#include "error.h"
#include "node.h"
#include "stats.h"
#include "task_depend.h"
#include "team_shape.h"
#include "wait.h"

#include <parade.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Queued tasks per team thread before new tasks run at once: bounds the
 * memory a task-spawning loop can take (the throttle every OpenMP runtime
 * has). */
#define TASKS_QUEUED_PER_THREAD 64

struct taskgroup {
  _Atomic uint32_t members; /* tasks of the group not yet complete */
  struct taskgroup *outer;  /* the enclosing taskgroup of the same task */
};

/* A task reduction scope (taskgroup task_reduction, a reduction with the
 * task modifier): the in_reduction tasks generated in it whose list item is
 * at orig combine into target. A task sees the scopes of its creator at
 * its creation and those it opens itself; the scope's end waits for every
 * task generated in it, so a task never outlives a scope it sees. */
struct task_reduction_scope {
  const void *orig;
  void *target;
  struct task_reduction_scope *outer; /* the scope it is nested in */
};

struct task {
  parade_task_fn fn;
  struct task *parent;
  struct taskgroup *group;                 /* the taskgroup this task belongs to */
  struct taskgroup *opened;                /* innermost taskgroup opened by this task */
  struct task_reduction_scope *reductions; /* innermost task reduction scope it sees */
  _Atomic uint32_t children;               /* child tasks not yet complete */
  _Atomic uint32_t refs;                   /* this task's own run plus one per child */
  int final;
  int deferred;
  int implicit;
  /* A detached task completes when its body has run and its event is
   * fulfilled: this counts what is still missing (2, or 0 when not
   * detached). */
  _Atomic uint32_t detach_pending;
  struct task_icv icv;      /* the ICVs it changed (or inherited changed) */
  uint64_t fulfils_seen;    /* remote_fulfils when it last acquired */
  uint64_t owner_key;       /* task_owner_key, 0 until asked for */
  struct dep_node *dep;     /* in its parent's dependence graph, or NULL */
  struct dep_table *deps;   /* the dependences of its children */
  struct task *prev, *next; /* queue links */
  size_t args_size;
  _Alignas(max_align_t) unsigned char args[];
};

/* One queue per node: the newest task at the tail. */
static struct {
  pthread_mutex_t lock;
  struct task *head, *tail;
  _Atomic uint32_t queued;  /* tasks in the queue */
  _Atomic uint32_t pending; /* deferred tasks not yet complete */
  _Atomic uint32_t events;  /* futex word: bumped on push, completion, release */
  _Atomic uint32_t sleepers;
  pthread_mutex_t reduction_lock; /* a task's combine into a reduction's original */
} q = {.lock = PTHREAD_MUTEX_INITIALIZER, .reduction_lock = PTHREAD_MUTEX_INITIALIZER};

static __thread struct task implicit_task = {.implicit = 1, .refs = 1};
static __thread struct task *current;

static struct task *cur(void) { return current ? current : &implicit_task; }

static void signal_event(void) {
  atomic_fetch_add(&q.events, 1);
  if (atomic_load(&q.sleepers) > 0)
    wait_wake(&q.events, INT32_MAX);
}

static void wait_event(uint32_t seen) {
  atomic_fetch_add(&q.sleepers, 1);
  wait_until_changed(&q.events, seen);
  atomic_fetch_sub(&q.sleepers, 1);
}

static void release(struct task *t) {
  if (t && !t->implicit && atomic_fetch_sub(&t->refs, 1) == 1)
    free(t);
}

static void unlink_locked(struct task *t) {
  if (t->prev)
    t->prev->next = t->next;
  else
    q.head = t->next;
  if (t->next)
    t->next->prev = t->prev;
  else
    q.tail = t->prev;
  t->prev = t->next = NULL;
  atomic_fetch_sub(&q.queued, 1);
}

static void push(struct task *t) {
  pthread_mutex_lock(&q.lock);
  t->prev = q.tail;
  t->next = NULL;
  if (q.tail)
    q.tail->next = t;
  else
    q.head = t;
  q.tail = t;
  atomic_fetch_add(&q.queued, 1);
  pthread_mutex_unlock(&q.lock);
  signal_event();
}

/* Take a task: the newest child of @p parent, or with no parent the oldest
 * task of all (a barrier helper takes work near the root of the tree). */
static struct task *take(const struct task *parent) {
  if (atomic_load(&q.queued) == 0)
    return NULL;
  pthread_mutex_lock(&q.lock);
  struct task *t = parent ? q.tail : q.head;
  while (t && parent && t->parent != parent)
    t = t->prev;
  if (t)
    unlink_locked(t);
  pthread_mutex_unlock(&q.lock);
  return t;
}

static void ready(void *task) { push(task); }

static void help_until(_Atomic uint32_t *word, uint32_t value, int until_equal,
                       const struct task *parent);

static void complete(struct task *t) {
  struct task *parent = t->parent;
  if (t->dep)
    dep_complete(t->dep, ready); /* before the parent can see it complete */
  if (t->group)
    atomic_fetch_sub(&t->group->members, 1);
  if (parent)
    atomic_fetch_sub(&parent->children, 1);
  if (t->deferred)
    atomic_fetch_sub(&q.pending, 1);
  signal_event();
  release(parent);
  release(t);
}

/* Called where a task is created, completes or is waited for: the atomic
 * module applies the calling thread's deferred atomic updates there, so
 * that the task (or its waiter) sees them (registered by node.c; task.c
 * sits below atomic.c). */
static void (*sync_hook)(void);

void task_on_sync(void (*hook)(void)) { sync_hook = hook; }

static void task_sync(void) {
  if (sync_hook)
    sync_hook();
}

static void acquire_if_fulfilled_remotely(struct task *self);

static void run(struct task *t) {
  struct task *saved = current;
  current = t;
  /* A task that waited for one another rank's thread completed sees what
   * that thread wrote before it fulfilled the event. */
  acquire_if_fulfilled_remotely(t);
  void *allocas = parade_alloca_mark();
  t->fn(t->args);
  parade_alloca_release(&allocas);
  task_sync(); /* its deferred atomics, before it completes */
  if (t->opened)
    err_fatal("a taskgroup was not ended inside its task");
  dep_table_free(&t->deps); /* it creates no more children */
  current = saved;
  if (atomic_load(&t->detach_pending) && atomic_fetch_sub(&t->detach_pending, 1) != 1)
    return; /* its event completes it */
  complete(t);
}

/* ---- Events (detach) ---------------------------------------------------- */

/* An event handle names a slot of its rank's table: the rank in the top
 * bits, so that a handle fulfilled on another rank is a clear error, and
 * the slot's generation, so that a handle fulfilled twice is one too. */
#define EVENT_SLOTS 4096
#define EVENT_INDEX_BITS 13 /* slot + 1 */
#define EVENT_RANK_SHIFT 40

static struct {
  pthread_mutex_t lock;
  struct task *slot[EVENT_SLOTS]; /* the detached task, once bound */
  uint32_t used[EVENT_SLOTS];     /* allocated, not yet fulfilled and freed */
  uint32_t gen[EVENT_SLOTS];      /* bumped at each allocation of the slot */
  uint32_t next;
} events = {.lock = PTHREAD_MUTEX_INITIALIZER};

uint64_t parade_event_new(void) {
  pthread_mutex_lock(&events.lock);
  for (uint32_t n = 0; n < EVENT_SLOTS; n++) {
    uint32_t i = (events.next + n) % EVENT_SLOTS;
    if (!events.used[i]) {
      events.used[i] = 1;
      events.slot[i] = NULL;
      events.gen[i] = (events.gen[i] + 1) & ((1u << (EVENT_RANK_SHIFT - EVENT_INDEX_BITS)) - 1);
      events.next = i + 1;
      pthread_mutex_unlock(&events.lock);
      return ((uint64_t)node.rank << EVENT_RANK_SHIFT) |
             ((uint64_t)events.gen[i] << EVENT_INDEX_BITS) | (i + 1);
    }
  }
  pthread_mutex_unlock(&events.lock);
  err_fatal("more than %d detached tasks waiting for their events on one rank", EVENT_SLOTS);
}

static uint32_t event_slot(uint64_t handle) {
  uint64_t index = handle & (((uint64_t)1 << EVENT_INDEX_BITS) - 1);
  uint64_t gen =
      (handle >> EVENT_INDEX_BITS) & (((uint64_t)1 << (EVENT_RANK_SHIFT - EVENT_INDEX_BITS)) - 1);
  if ((int)(handle >> EVENT_RANK_SHIFT) != node.rank)
    err_fatal("omp_fulfill_event: the event was created on rank %d; parade fulfils an event "
              "only on the rank of its task",
              (int)(handle >> EVENT_RANK_SHIFT));
  if (index == 0 || index > EVENT_SLOTS || !events.used[index - 1] || events.gen[index - 1] != gen)
    err_fatal("omp_fulfill_event: not an event of a detached task that is still pending");
  return (uint32_t)(index - 1);
}

int task_event_rank(uint64_t handle) { return (int)(handle >> EVENT_RANK_SHIFT); }

/* Events of this rank that another rank fulfilled, and the acquire that a
 * thread waiting for tasks runs when this count moved while it waited. */
static _Atomic uint64_t remote_fulfils;
static void (*acquire_hook)(void);

void task_on_acquire(void (*hook)(void)) { acquire_hook = hook; }

static uint64_t remote_seen(void) { return atomic_load(&remote_fulfils); }

/* @p self waited for tasks: if another rank fulfilled an event of this
 * rank since @p self last acquired (not only during the wait: the fulfil
 * may have come before it), acquire now. */
static void acquire_if_fulfilled_remotely(struct task *self) {
  uint64_t now = atomic_load(&remote_fulfils);
  if (now != self->fulfils_seen && acquire_hook) {
    self->fulfils_seen = now;
    acquire_hook();
  }
}

void task_event_fulfilled_remotely(uint64_t handle) {
  atomic_fetch_add(&remote_fulfils, 1);
  parade_event_fulfill(handle);
}

void parade_event_fulfill(uint64_t handle) {
  pthread_mutex_lock(&events.lock);
  uint32_t i = event_slot(handle);
  struct task *t = events.slot[i];
  events.used[i] = 0;
  events.slot[i] = NULL;
  pthread_mutex_unlock(&events.lock);
  if (t && atomic_fetch_sub(&t->detach_pending, 1) == 1)
    complete(t);
}

void parade_task(parade_task_fn fn, const void *args, size_t args_size, int flags) {
  parade_task_detached(fn, args, args_size, flags, 0);
}

void parade_task_detached(parade_task_fn fn, const void *args, size_t args_size, int flags,
                          uint64_t event) {
  task_sync();
  struct task *parent = cur();
  const struct dep_item *items;
  int ndeps = dep_take_pending(&items);
  struct task *t = malloc(sizeof *t + args_size);
  if (!t)
    err_fatal("out of memory creating a task");
  memset(t, 0, sizeof *t);
  memcpy(t->args, args, args_size);
  t->args_size = args_size;
  t->fn = fn;
  t->parent = parent;
  t->group = parent->opened ? parent->opened : parent->group;
  t->reductions = parent->reductions;
  t->icv = parent->icv;
  t->fulfils_seen = remote_seen();
  t->final = parent->final || (flags & PARADE_TASK_FINAL);
  atomic_store(&t->refs, 1);
  if (event) {
    pthread_mutex_lock(&events.lock);
    uint32_t i = event_slot(event);
    events.slot[i] = t;
    atomic_store(&t->detach_pending, 2);
    pthread_mutex_unlock(&events.lock);
  }
  atomic_fetch_add(&parent->children, 1);
  if (!parent->implicit)
    atomic_fetch_add(&parent->refs, 1);
  if (t->group)
    atomic_fetch_add(&t->group->members, 1);
  int local = parade_local_num_threads();
  /* A task with dependences is queued whenever OpenMP allows it: run at
   * once, its creator would wait for its predecessors, which may need the
   * creator itself (a detached task whose event it fulfils later). Others
   * are queued in an active parallel region, even on a node with one
   * thread, until the queue is full, as libgomp queues them: a taskwait
   * then runs the newest child first, the order a branch-and-bound search
   * was written for (BOTS knapsack explored 33 times the nodes at one
   * thread per rank when each ran at once). Outside any region, and in a
   * serialized one (whose end drains no queue), they run at once. */
  int defer = !(flags & PARADE_TASK_UNDEFERRED) && !parent->final &&
              (ndeps || (team_shape_in_team() &&
                         atomic_load(&q.queued) < (uint32_t)(TASKS_QUEUED_PER_THREAD * local)));
  if (!defer) {
    STAT_INC(tasks_immediate);
    if (event) {
      /* Its body runs now, but it completes when its event is fulfilled:
       * barriers and the region's end wait for it as for a queued task. */
      t->deferred = 1;
      atomic_fetch_add(&q.pending, 1);
    }
    /* An included task still runs after the siblings it depends on. */
    if (ndeps && !dep_register(&parent->deps, &t->dep, t, items, ndeps, 1))
      help_until(&t->dep->waiting, 0, 1, NULL);
    run(t);
    return;
  }
  STAT_INC(tasks_deferred);
  t->deferred = 1;
  atomic_fetch_add(&q.pending, 1);
  /* Queued now, or by the completion of the last task it depends on. */
  if (!ndeps || dep_register(&parent->deps, &t->dep, t, items, ndeps, 0))
    push(t);
}

/* Run tasks (children of @p parent, or any task when it is NULL) until
 * *word == value (@p until_equal) or *word != value, sleeping when there is
 * none to run. The events count is read first, so a change in between
 * ends the sleep at once. */
static void help_until(_Atomic uint32_t *word, uint32_t value, int until_equal,
                       const struct task *parent) {
  for (;;) {
    uint32_t seen = atomic_load(&q.events);
    uint32_t now = atomic_load_explicit(word, memory_order_acquire);
    if (until_equal ? now == value : now != value)
      return;
    struct task *t = take(parent);
    if (t) {
      run(t);
      continue;
    }
    wait_event(seen);
  }
}

void parade_taskwait(void) {
  task_sync();
  struct task *self = cur();
  help_until(&self->children, 0, 1, self);
  acquire_if_fulfilled_remotely(self);
  dep_table_free(&self->deps); /* every child it names completed */
}

static void no_body(void *args) { (void)args; }

void parade_taskwait_depend(int nowait) {
  if (nowait) {
    parade_task(no_body, NULL, 0, 0); /* takes the items */
    return;
  }
  task_sync();
  struct task *self = cur();
  const struct dep_item *items;
  int n = dep_take_pending(&items);
  if (n == 0)
    return;
  struct dep_node *node;
  if (!dep_register(&self->deps, &node, NULL, items, n, 1))
    help_until(&node->waiting, 0, 1, NULL);
  dep_complete(node, ready);
  acquire_if_fulfilled_remotely(self);
}

void parade_taskyield(void) {
  struct task *t = take(cur());
  if (t)
    run(t);
}

int parade_in_final(void) { return cur()->final; }

int task_in_explicit(void) { return current != NULL; }

struct task_icv *task_icv(void) { return current || parade_level() > 0 ? &cur()->icv : NULL; }

int task_nthreads_var(int level, int otherwise) {
  const struct task_icv *own = task_icv();
  if (own && (own->set & TASK_ICV_NTHREADS))
    return own->nthreads;
  if (level > 0 && node.opt.nested_levels > 0)
    return node.opt
        .nested_threads[level <= node.opt.nested_levels ? level - 1 : node.opt.nested_levels - 1];
  return otherwise;
}

/* The ICVs of the tasks that serialized regions interrupted, innermost
 * last (deeper nests than this keep the innermost ICVs: a rare leak). */
#define ICV_NEST 64
static __thread struct {
  struct task_icv icv;
  uint64_t owner_key;
} icv_stack[ICV_NEST];
static __thread unsigned icv_depth;

void task_serial_enter(void) {
  struct task *self = cur();
  if (icv_depth < ICV_NEST) {
    icv_stack[icv_depth].icv = self->icv;
    icv_stack[icv_depth].owner_key = self->owner_key;
    /* The region's implicit task is another owner, for its extent. */
    self->owner_key = 0;
  }
  icv_depth++;
}

void task_serial_exit(void) {
  if (icv_depth > 0 && --icv_depth < ICV_NEST) {
    cur()->icv = icv_stack[icv_depth].icv;
    cur()->owner_key = icv_stack[icv_depth].owner_key;
  }
}

uint64_t task_owner_key(void) {
  static _Atomic uint64_t issued;
  struct task *self = cur();
  if (!self->owner_key)
    self->owner_key = (uint64_t)(node.rank + 1) << 40 | (atomic_fetch_add(&issued, 1) + 1);
  return self->owner_key;
}

void parade_taskgroup_begin(void) {
  struct task *self = cur();
  struct taskgroup *g = malloc(sizeof *g);
  if (!g)
    err_fatal("out of memory opening a taskgroup");
  atomic_store(&g->members, 0);
  g->outer = self->opened;
  self->opened = g;
}

void parade_taskgroup_end(void) {
  task_sync();
  struct task *self = cur();
  struct taskgroup *g = self->opened;
  if (!g)
    err_fatal("taskgroup end without a taskgroup");
  help_until(&g->members, 0, 1, NULL);
  acquire_if_fulfilled_remotely(self);
  self->opened = g->outer;
  free(g);
}

/* What the serial part of rank 0's initial thread had open when it forked:
 * a region's tasks do not belong to it, and it continues after the join. */
static __thread struct taskgroup *serial_opened;
static __thread struct task_reduction_scope *serial_reductions;
static __thread struct task *serial_current; /* a task run at once that forked */
static __thread uint64_t serial_owner_key;
/* The ICVs an inactive region's implicit task set (omp_set_num_threads in
 * a parallel if(0)) outlast a region it forks. */
static __thread struct task_icv serial_icv;
void task_region_begin(void) {
  serial_current = current;
  serial_icv = implicit_task.icv;
  current = NULL;
  serial_opened = implicit_task.opened;
  serial_reductions = implicit_task.reductions;
  serial_owner_key = implicit_task.owner_key;
  implicit_task.owner_key = 0;
  implicit_task.opened = NULL;
  implicit_task.reductions = NULL;
  implicit_task.group = NULL;
  implicit_task.final = 0;
  implicit_task.icv.set = 0;
  atomic_store(&implicit_task.children, 0);
  dep_table_free(&implicit_task.deps);
}

void task_region_end(void) {
  implicit_task.icv = serial_icv; /* the region's implicit task ends */
  implicit_task.opened = serial_opened;
  implicit_task.reductions = serial_reductions;
  implicit_task.owner_key = serial_owner_key;
  serial_opened = NULL;
  serial_reductions = NULL;
  current = serial_current;
  serial_current = NULL;
}

void task_drain(void) { help_until(&q.pending, 0, 1, NULL); }

void task_barrier_wait(_Atomic uint32_t *gen, uint32_t seen_gen) {
  help_until(gen, seen_gen, 0, NULL);
}

void task_barrier_wake(void) { signal_event(); }

/* ---- Taskloop ---------------------------------------------------------- */

/* Tasks per thread of this node when a taskloop names no grainsize or
 * num_tasks: enough that a slow task does not hold the others back. */
#define TASKLOOP_TASKS_PER_THREAD 4

long long parade_taskloop_tasks(long long n, long long grainsize, long long num_tasks, int strict) {
  if (n <= 0)
    return 0;
  long long tasks;
  if (grainsize > 0) /* each task gets grainsize .. 2 * grainsize - 1 */
    tasks = strict ? n / grainsize + (n % grainsize != 0) : (n / grainsize > 0 ? n / grainsize : 1);
  else if (num_tasks > 0)
    tasks = num_tasks;
  else
    tasks = (long long)parade_local_num_threads() * TASKLOOP_TASKS_PER_THREAD;
  return tasks < n ? tasks : n;
}

void parade_taskloop_range(long long n, long long tasks, long long grainsize, int strict,
                           long long t, long long *lo, long long *hi) {
  if (strict && grainsize > 0) {
    *lo = t * grainsize;
    *hi = grainsize < n - *lo ? *lo + grainsize : n;
    return;
  }
  /* The first n % tasks tasks take one iteration more. */
  long long share = n / tasks, extra = n % tasks;
  *lo = t * share + (t < extra ? t : extra);
  *hi = *lo + share + (t < extra ? 1 : 0);
}

void parade_task_reduction_begin(void) { pthread_mutex_lock(&q.reduction_lock); }

void parade_task_reduction_end(void) { pthread_mutex_unlock(&q.reduction_lock); }

void parade_task_reduction_register(const void *orig, void *target) {
  struct task *self = cur();
  struct task_reduction_scope *s = malloc(sizeof *s);
  if (!s)
    err_fatal("out of memory opening a task reduction scope");
  s->orig = orig;
  s->target = target;
  s->outer = self->reductions;
  self->reductions = s;
}

void parade_task_reduction_unregister(int count) {
  struct task *self = cur();
  for (int k = 0; k < count; k++) {
    struct task_reduction_scope *s = self->reductions;
    if (!s)
      err_fatal("end of a task reduction scope that was not begun");
    self->reductions = s->outer;
    free(s);
  }
}

void *parade_task_reduction_target(const void *orig, const char *name) {
  for (const struct task_reduction_scope *s = cur()->reductions; s; s = s->outer)
    if (s->orig == orig)
      return s->target;
  err_fatal("in_reduction of '%s' (at %p) in a task that no taskgroup task_reduction or "
            "reduction with the task modifier of '%s' encloses",
            name, orig, name);
}
