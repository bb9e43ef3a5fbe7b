/**
 * @file parade.h
 * @brief The interface between translated OpenMP programs and libparade.
 *
 * Everything here is what the translator emits calls to, and what a
 * hand-written program may call directly. A program hands its main function
 * to parade_main(); rank 0 runs it, the other ranks serve fork messages.
 *
 * Shared data lives in the DSM: memory from parade_malloc() and
 * parade_static_alloc(), and the program's globals placed in the sections
 * below, have the same address on every rank and are kept coherent by home-based lazy release
 * consistency. Release points are fork, join, barrier, lock release and flush; acquire points are
 * barrier departure, lock acquisition and flush.
 */
#ifndef PARADE_H
#define PARADE_H
/* A system header, as the compiler's own omp.h is: -pedantic (and
 * -Werror) judge the program, not parade's declarations. */
#pragma GCC system_header

/* No header of the C library: the translation includes this file before
 * the program's text, and a program that declares its own uint64_t or
 * UINTPTR_MAX, or never includes <stdio.h>, must see only its own names.
 * The types are the compiler's (__SIZE_TYPE__ is size_t, struct _IO_FILE
 * is FILE, __PTRDIFF_TYPE__ is ssize_t and long is off_t on LP64 glibc). */

/** @brief The translation's copies of variables (private copies, argument
 *  blocks, pool storage): memcpy that takes volatile objects too, as a
 *  reduction or firstprivate of a volatile variable copies one. */
static __inline__ void parade_copy(volatile void *to, const volatile void *from,
                                   __SIZE_TYPE__ size) {
  __builtin_memcpy((void *)to, (const void *)from, size);
}

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Shared globals ---------------------------------------------------- */

/**
 * @brief Place a file-scope variable in the DSM: PARADE_SHARED_DATA for one
 * with an initialiser, PARADE_SHARED_BSS for one without.
 *
 * The linker gathers each section from every object; at start-up the runtime
 * maps the DSM over both, keeping the values they hold. The variable keeps
 * its name, so other files, extern declarations and headers need nothing.
 * The zero section must be NOBITS (or every zero array would take its size
 * in the executable): GCC makes a named section NOBITS only for names that
 * begin with ".bss.", which the default linker script merges into .bss, so
 * the flags are written out here and GCC's own are commented away (x86-64).
 */
#define PARADE_SHARED_DATA __attribute__((section("parade_data")))
#define PARADE_SHARED_BSS __attribute__((section("parade_bss,\"aw\",@nobits#")))

/* ---- Start-up and execution model ------------------------------------- */

/**
 * @brief Initialise MPI and the DSM, run @p user_main on rank 0, end the job.
 * @param argc, argv  The program's arguments (passed to MPI_Init_thread).
 * @param user_main   The program's real main.
 * @return Never returns: every rank exits with the status of @p user_main.
 */
int parade_main(int argc, char **argv, int (*user_main)(int, char **));

/** @brief A parallel region body: called once by every thread of the team. */
typedef void (*parade_region_fn)(void *args);

/**
 * @brief Fork a team, run @p fn on every thread of it, and join.
 *
 * @p args points to @p args_size bytes, read in place by rank 0's threads
 * and carried in the fork message to the other ranks, whose threads read
 * them there; so they must not hold pointers to private memory of the
 * encountering thread (pointers into the pool are fine), and they must stay
 * unchanged until the region ends. @p fn must be a function of the
 * program (its address is sent as a module-relative offset).
 * @param num_threads  Requested team size over all ranks; 0 means the default
 *                     (ranks x threads per rank).
 * @param if_clause    0 runs the region serially on the encountering thread.
 * Called inside a region the team is serialized (nested regions).
 */
void parade_parallel(parade_region_fn fn, const void *args, __SIZE_TYPE__ args_size,
                     int num_threads, int if_clause);
/**
 * @brief Run @p fn as a teams region (the host is the device): a league of
 * @p num_teams teams (0: one per thread of the default team, over all
 * ranks), each of one thread. Inside it omp_get_team_num() is the global
 * thread number and omp_get_thread_num() is 0; a parallel region in a team
 * is serialized. Otherwise as parade_parallel().
 */
void parade_teams(parade_region_fn fn, const void *args, __SIZE_TYPE__ args_size, int num_teams,
                  int if_clause);

/** @brief Run the following code as a serialized (nested) team of one. */
void parade_serial_enter(void);
/**
 * @brief A parallel region at @p where, written inside another region's
 * body, about to run serialized: if the enclosing regions are all inactive
 * (if(0), one thread) and OpenMP would have given it a team (@p if_clause
 * true, @p num_threads not 1), say once that it runs on one thread.
 */
void parade_serial_nested(const char *where, int if_clause, int num_threads);
/** @brief End a parade_serial_enter() team. */
void parade_serial_exit(void);

/** @brief Global thread number in the current team (rank * T + local). */
int parade_thread_num(void);
/** @brief Size of the current team. */
int parade_num_threads(void);
/** @brief Number of the calling thread within its rank. */
int parade_local_thread_num(void);
/** @brief Number of team threads on the calling rank. */
int parade_local_num_threads(void);
/** @brief This process's MPI rank (node number). */
int parade_node_rank(void);
/** @brief Number of MPI processes (nodes). */
int parade_node_count(void);
/** @brief Nesting level of parallel regions (0 outside any region). */
int parade_level(void);
/** @brief Non-zero inside an active (multi-thread) parallel region, also in
 *  a serialized region nested in one. */
int parade_in_parallel(void);
/** @brief Default team size per rank (OMP_NUM_THREADS). */
int parade_default_threads_per_node(void);
/** @brief Set the default team size over all ranks (omp_set_num_threads). */
void parade_set_num_threads(int num_threads);
/** @brief Wall-clock seconds. */
double parade_wtime(void);

/* ---- Synchronisation ------------------------------------------------- */

/** @brief Team barrier: a release and an acquire point over all nodes. */
void parade_barrier(void);
/** @brief OpenMP flush, with a list or without (a list flushes all, as
 *  gcc's does): this node's writes go to their homes (a release), and its
 *  copies of data homed elsewhere are dropped (an acquire). */
void parade_flush(void);
/** @brief The release half of a flush: this node's writes reach their homes.
 *  The translator puts one before a store to a flag that a flush hands on
 *  and before a write to a shared volatile object, so the flag is never
 *  seen before the data written ahead of it. */
void parade_release(void);

/* ---- Explicit tasks ---------------------------------------------------- */

/** @brief An outlined task body; @p args is the task's private copy of the
 *  block given to parade_task(). */
typedef void (*parade_task_fn)(void *args);

/** @brief parade_task() flags. */
enum {
  PARADE_TASK_UNDEFERRED = 1, /**< if(0): run now, on this thread */
  PARADE_TASK_FINAL = 2       /**< final(1): its descendants run at once */
};

/** @brief Dependence types (depend clauses, depobj). */
enum {
  PARADE_DEP_IN = 1,            /**< in */
  PARADE_DEP_OUT = 2,           /**< out and inout */
  PARADE_DEP_MUTEXINOUTSET = 3, /**< mutexinoutset */
  PARADE_DEP_INOUTSET = 4,      /**< inoutset */
  PARADE_DEP_ALL_MEMORY = 5     /**< out or inout of omp_all_memory (@p addr is ignored) */
};

/** @brief A depend clause item of the next parade_task(),
 *  parade_task_detached() or parade_taskwait_depend() of this thread: the
 *  task runs after its earlier siblings whose items conflict with it. */
void parade_task_depend(const void *addr, int kind);
/** @brief depend(depobj: @p obj) of the next task: the item @p obj (an
 *  omp_depend_t) holds. */
void parade_task_depend_obj(const void *obj);
/** @brief `depobj(obj) depend(kind: addr)`. */
void parade_depobj_init(void *obj, const void *addr, int kind);
/** @brief `depobj(obj) update(kind)`. */
void parade_depobj_update(void *obj, int kind);
/** @brief `depobj(obj) destroy`. */
void parade_depobj_destroy(void *obj);
/** @brief taskwait with depend: wait (running tasks meanwhile) until the
 *  child tasks that the items given by parade_task_depend() depend on have
 *  completed; with @p nowait, a task without a body that has those
 *  dependences is created instead. */
void parade_taskwait_depend(int nowait);

/**
 * @brief Create an explicit task.
 *
 * The @p args_size bytes at @p args are copied. Tasks are node-local: a
 * deferred task runs on a thread of the creating rank, so @p args may hold
 * pointers to the creating thread's stack. Deferred tasks are run at
 * taskwait, taskgroup end and team barriers (including a region's join).
 */
void parade_task(parade_task_fn fn, const void *args, __SIZE_TYPE__ args_size, int flags);
/** @brief A new event handle for a task with detach (omp_event_handle_t). */
__UINT64_TYPE__ parade_event_new(void);
/** @brief parade_task() of a detached task: it completes when its body has
 *  run and @p event (from parade_event_new) is fulfilled. */
void parade_task_detached(parade_task_fn fn, const void *args, __SIZE_TYPE__ args_size, int flags,
                          __UINT64_TYPE__ event);
/** @brief omp_fulfill_event: on the rank that created the event. */
void parade_event_fulfill(__UINT64_TYPE__ event);
/** @brief Wait for the current task's child tasks, running them meanwhile. */
void parade_taskwait(void);

/**
 * @brief `#pragma omp error at(execution)`: report @p message (may be
 * NULL) on standard error, tagged `parade: warning:` or, when @p fatal,
 * `parade: error:` and end the job with status 1.
 */
void parade_error_directive(const char *message, int fatal);
/** @brief A task scheduling point: may run one child task. */
void parade_taskyield(void);
/** @brief Start a taskgroup in the current task. */
void parade_taskgroup_begin(void);
/** @brief Wait for every task of the innermost taskgroup and its descendants. */
void parade_taskgroup_end(void);
/** @brief Non-zero inside a final task (omp_in_final). */
int parade_in_final(void);

/**
 * @brief The number of tasks a taskloop of @p n iterations creates:
 * @p grainsize or @p num_tasks when the taskloop has that clause (0 when
 * not), with its strict modifier (@p strict), else a few per thread of
 * this node (the tasks run on this node).
 */
long long parade_taskloop_tasks(long long n, long long grainsize, long long num_tasks, int strict);
/**
 * @brief The iterations [@p *lo, @p *hi) of task @p t of a taskloop's
 * @p tasks tasks: @p grainsize each (the last the rest) under a strict
 * grainsize, else near-equal shares.
 */
void parade_taskloop_range(long long n, long long tasks, long long grainsize, int strict,
                           long long t, long long *lo, long long *hi);
/** @brief Around a task's combine of its reduction partials into the
 *  original (reduction on taskloop, in_reduction): one at a time on this
 *  node, where the tasks of a taskgroup run. */
void parade_task_reduction_begin(void);
void parade_task_reduction_end(void);
/** @brief A task reduction scope of the current task begins (taskgroup
 *  task_reduction, or a reduction with the task modifier, whose end waits
 *  for the tasks generated in it): the in_reduction tasks generated in it
 *  whose list item is at @p orig, in whatever function, combine into
 *  @p target. */
void parade_task_reduction_register(const void *orig, void *target);
/** @brief The innermost @p count task reduction scopes of the current
 *  task end. */
void parade_task_reduction_unregister(int count);
/** @brief Where an in_reduction task generated now by the current task
 *  combines its list item @p orig (named @p name): the target of the
 *  innermost scope that registered @p orig. No such scope is an error. */
void *parade_task_reduction_target(const void *orig, const char *name);

/** @brief A distributed lock. Its id is global; the struct may live in the
 *  pool or be a global initialised identically on every rank. */
typedef struct parade_lock {
  __UINT64_TYPE__ id;
} parade_lock_t;

/** @brief Give @p lock a fresh, job-wide unique id. */
void parade_lock_init(parade_lock_t *lock);
/** @brief Acquire (blocks; an acquire point). */
void parade_lock_acquire(parade_lock_t *lock);
/** @brief Release (a release point). */
void parade_lock_release(parade_lock_t *lock);
/** @brief Non-blocking acquire: 1 if acquired, 0 if busy. */
int parade_lock_try(parade_lock_t *lock);
/** @brief Enter a (named) critical section on the conventional lock path;
 *  NULL names the unnamed critical section. */
void parade_critical_enter(const char *name);
/** @brief Leave a critical section entered with parade_critical_enter(). */
void parade_critical_exit(const char *name);

/* ---- The compiler's atomic builtins ---------------------------------
 * The translator renames each __sync_* and __atomic_* builtin the program
 * calls to the macro of the same name with the prefix parade_: the
 * operation runs under the lock of `omp atomic` (a release and an
 * acquire), so it is atomic among the threads of every node and sees
 * other nodes' updates, where the builtin is atomic within one process
 * only. The memory-order arguments are evaluated and ignored: every
 * operation is sequentially consistent. The operands are evaluated before
 * the lock is taken, once each. */
#define PARADE_ATOMIC_LOCK_ parade_critical_enter("parade.atomic")
#define PARADE_ATOMIC_UNLOCK_ parade_critical_exit("parade.atomic")
/* Value-returning operations on the object at p: OLD is its value before,
 * NEW the value stored, RESULT what the builtin returns. */
#define parade_atomic_rmw_(p, v, NEW, RESULT)                                                      \
  __extension__({                                                                                  \
    __auto_type parade_ap_ = (p);                                                                  \
    __typeof__(*parade_ap_) parade_av_ = (v);                                                      \
    PARADE_ATOMIC_LOCK_;                                                                           \
    __typeof__(*parade_ap_) parade_ao_ = *parade_ap_;                                              \
    __typeof__(*parade_ap_) parade_an_ = (NEW);                                                    \
    *parade_ap_ = parade_an_;                                                                      \
    PARADE_ATOMIC_UNLOCK_;                                                                         \
    (void)parade_an_;                                                                              \
    RESULT;                                                                                        \
  })
#define parade_sync_fetch_and_add(p, v)                                                            \
  parade_atomic_rmw_(p, v, parade_ao_ + parade_av_, parade_ao_)
#define parade_sync_fetch_and_sub(p, v)                                                            \
  parade_atomic_rmw_(p, v, parade_ao_ - parade_av_, parade_ao_)
#define parade_sync_fetch_and_or(p, v) parade_atomic_rmw_(p, v, parade_ao_ | parade_av_, parade_ao_)
#define parade_sync_fetch_and_and(p, v) parade_atomic_rmw_(p, v, parade_ao_ &parade_av_, parade_ao_)
#define parade_sync_fetch_and_xor(p, v)                                                            \
  parade_atomic_rmw_(p, v, parade_ao_ ^ parade_av_, parade_ao_)
#define parade_sync_fetch_and_nand(p, v)                                                           \
  parade_atomic_rmw_(p, v, ~(parade_ao_ & parade_av_), parade_ao_)
#define parade_sync_add_and_fetch(p, v)                                                            \
  parade_atomic_rmw_(p, v, parade_ao_ + parade_av_, parade_an_)
#define parade_sync_sub_and_fetch(p, v)                                                            \
  parade_atomic_rmw_(p, v, parade_ao_ - parade_av_, parade_an_)
#define parade_sync_or_and_fetch(p, v) parade_atomic_rmw_(p, v, parade_ao_ | parade_av_, parade_an_)
#define parade_sync_and_and_fetch(p, v) parade_atomic_rmw_(p, v, parade_ao_ &parade_av_, parade_an_)
#define parade_sync_xor_and_fetch(p, v)                                                            \
  parade_atomic_rmw_(p, v, parade_ao_ ^ parade_av_, parade_an_)
#define parade_sync_nand_and_fetch(p, v)                                                           \
  parade_atomic_rmw_(p, v, ~(parade_ao_ & parade_av_), parade_an_)
#define parade_sync_lock_test_and_set(p, v) parade_atomic_rmw_(p, v, parade_av_, parade_ao_)
#define parade_sync_lock_release(p) ((void)parade_atomic_rmw_(p, 0, parade_av_, parade_ao_))
#define parade_sync_cas_(p, o, n, RESULT)                                                          \
  __extension__({                                                                                  \
    __auto_type parade_ap_ = (p);                                                                  \
    __typeof__(*parade_ap_) parade_ae_ = (o), parade_ad_ = (n);                                    \
    PARADE_ATOMIC_LOCK_;                                                                           \
    __typeof__(*parade_ap_) parade_ao_ = *parade_ap_;                                              \
    if (parade_ao_ == parade_ae_)                                                                  \
      *parade_ap_ = parade_ad_;                                                                    \
    PARADE_ATOMIC_UNLOCK_;                                                                         \
    RESULT;                                                                                        \
  })
#define parade_sync_bool_compare_and_swap(p, o, n)                                                 \
  parade_sync_cas_(p, o, n, (_Bool)(parade_ao_ == parade_ae_))
#define parade_sync_val_compare_and_swap(p, o, n) parade_sync_cas_(p, o, n, parade_ao_)
#define parade_sync_synchronize() parade_flush()

#define parade_atomic_rmw_order_(p, v, m, NEW, RESULT)                                             \
  ((void)(m), parade_atomic_rmw_(p, v, NEW, RESULT))
#define parade_atomic_fetch_add(p, v, m)                                                           \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ + parade_av_, parade_ao_)
#define parade_atomic_fetch_sub(p, v, m)                                                           \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ - parade_av_, parade_ao_)
#define parade_atomic_fetch_or(p, v, m)                                                            \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ | parade_av_, parade_ao_)
#define parade_atomic_fetch_and(p, v, m)                                                           \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ &parade_av_, parade_ao_)
#define parade_atomic_fetch_xor(p, v, m)                                                           \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ ^ parade_av_, parade_ao_)
#define parade_atomic_fetch_nand(p, v, m)                                                          \
  parade_atomic_rmw_order_(p, v, m, ~(parade_ao_ & parade_av_), parade_ao_)
#define parade_atomic_add_fetch(p, v, m)                                                           \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ + parade_av_, parade_an_)
#define parade_atomic_sub_fetch(p, v, m)                                                           \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ - parade_av_, parade_an_)
#define parade_atomic_or_fetch(p, v, m)                                                            \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ | parade_av_, parade_an_)
#define parade_atomic_and_fetch(p, v, m)                                                           \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ &parade_av_, parade_an_)
#define parade_atomic_xor_fetch(p, v, m)                                                           \
  parade_atomic_rmw_order_(p, v, m, parade_ao_ ^ parade_av_, parade_an_)
#define parade_atomic_nand_fetch(p, v, m)                                                          \
  parade_atomic_rmw_order_(p, v, m, ~(parade_ao_ & parade_av_), parade_an_)
#define parade_atomic_exchange_n(p, v, m) parade_atomic_rmw_order_(p, v, m, parade_av_, parade_ao_)
#define parade_atomic_store_n(p, v, m)                                                             \
  ((void)parade_atomic_rmw_order_(p, v, m, parade_av_, parade_ao_))
#define parade_atomic_load_n(p, m)                                                                 \
  __extension__({                                                                                  \
    __auto_type parade_ap_ = (p);                                                                  \
    (void)(m);                                                                                     \
    PARADE_ATOMIC_LOCK_;                                                                           \
    __typeof__(*parade_ap_) parade_ao_ = *parade_ap_;                                              \
    PARADE_ATOMIC_UNLOCK_;                                                                         \
    parade_ao_;                                                                                    \
  })
/* The generic forms move objects of any size through pointers. */
#define parade_atomic_copy_(p, in, out, m)                                                         \
  __extension__({                                                                                  \
    __auto_type parade_ap_ = (p);                                                                  \
    __auto_type parade_ai_ = (in);                                                                 \
    __auto_type parade_ar_ = (out);                                                                \
    (void)(m);                                                                                     \
    PARADE_ATOMIC_LOCK_;                                                                           \
    if (parade_ar_)                                                                                \
      __builtin_memcpy((void *)parade_ar_, (const void *)parade_ap_, sizeof *parade_ap_);          \
    if (parade_ai_)                                                                                \
      __builtin_memcpy((void *)parade_ap_, (const void *)parade_ai_, sizeof *parade_ap_);          \
    PARADE_ATOMIC_UNLOCK_;                                                                         \
  })
#define parade_atomic_load(p, r, m) parade_atomic_copy_(p, (__typeof__(&*(p)))0, r, m)
#define parade_atomic_store(p, v, m) parade_atomic_copy_(p, v, (__typeof__(&*(p)))0, m)
#define parade_atomic_exchange(p, v, r, m) parade_atomic_copy_(p, v, r, m)
#define parade_atomic_cas_(p, e, d, w, s, f, DESIRED)                                              \
  __extension__({                                                                                  \
    __auto_type parade_ap_ = (p);                                                                  \
    __auto_type parade_ae_ = (e);                                                                  \
    __typeof__(*parade_ap_) parade_ad_ = (DESIRED);                                                \
    (void)(w), (void)(s), (void)(f);                                                               \
    PARADE_ATOMIC_LOCK_;                                                                           \
    _Bool parade_eq_ =                                                                             \
        !__builtin_memcmp((const void *)parade_ap_, (const void *)parade_ae_, sizeof *parade_ap_); \
    if (parade_eq_)                                                                                \
      __builtin_memcpy((void *)parade_ap_, (const void *)&parade_ad_, sizeof *parade_ap_);         \
    else                                                                                           \
      __builtin_memcpy((void *)parade_ae_, (const void *)parade_ap_, sizeof *parade_ap_);          \
    PARADE_ATOMIC_UNLOCK_;                                                                         \
    parade_eq_;                                                                                    \
  })
#define parade_atomic_compare_exchange_n(p, e, d, w, s, f) parade_atomic_cas_(p, e, d, w, s, f, d)
#define parade_atomic_compare_exchange(p, e, d, w, s, f) parade_atomic_cas_(p, e, d, w, s, f, *(d))
#define parade_atomic_test_and_set(p, m)                                                           \
  ((void)(m), parade_atomic_rmw_((volatile unsigned char *)(p), 1, parade_av_, parade_ao_ != 0))
#define parade_atomic_clear(p, m)                                                                  \
  ((void)(m), (void)parade_atomic_rmw_((volatile unsigned char *)(p), 0, parade_av_, parade_ao_))
#define parade_atomic_thread_fence(m) ((void)(m), parade_flush())

/* ---- Work sharing --------------------------------------------------- */

/** @brief Loop schedules. */
typedef enum parade_schedule {
  PARADE_SCHED_STATIC, /* chunk 0: one block per thread */
  PARADE_SCHED_DYNAMIC,
  PARADE_SCHED_GUIDED,
  PARADE_SCHED_RUNTIME /* from OMP_SCHEDULE */
} parade_schedule;

/** @brief OR'ed into parade_loop_begin()'s @p kind by a loop that copies
 *  values out of its last iteration (lastprivate, linear): the thread that
 *  runs the last iteration then runs no other after it. */
#define PARADE_LOOP_LASTPRIVATE 0x100
/** @brief OR'ed into @p kind by a schedule(monotonic: ...) loop: each
 *  thread's chunks in increasing order, so no iterations from another
 *  node once the thread's own node has run out. */
#define PARADE_LOOP_MONOTONIC 0x200

/** @brief One thread's state in a work-shared loop of @p count iterations,
 *  numbered 0 .. count-1 (the translator maps them to the loop variable). */
typedef struct parade_loop {
  long long count, chunk, next, end;
  long long id; /* which work-shared loop of the team this is */
  int kind, done;
  void *shared;
  /* dynamic and guided: the instance of the node's share (the same number
   * on every node), whether this thread has found it empty, whether the
   * loop copies values out of its last iteration and this thread ran it
   * (it then takes no more), the node it
   * asks next for iterations then, how many nodes it may still ask, and
   * since when it has waited for one that has not entered the loop. */
  long long share_seq;
  int shared_done, keeps_last, ran_last, victim, victims_left;
  long long waited_since;
} parade_loop;

/** @brief Start a work-shared loop; every thread of the team calls it. */
void parade_loop_begin(parade_loop *loop, long long count, parade_schedule kind, long long chunk);
/** @brief The next range [*lo, *hi) for the calling thread; 0 when done. */
int parade_loop_next(parade_loop *loop, long long *lo, long long *hi);

/** @brief Start the ordered region of @p iteration (0-based, in the
 *  loop's iteration space): waits until every earlier iteration has passed
 *  its ordered region. An acquire point. */
void parade_ordered_begin(parade_loop *loop, long long iteration);
/** @brief End the ordered region of @p iteration. A release point. An
 *  iteration that has no ordered region calls begin and end anyway. */
void parade_ordered_end(parade_loop *loop, long long iteration);

/** @brief The ordered loop and iteration the calling thread is in, for an
 *  orphaned ordered region (in a function the loop body calls). */
typedef struct parade_ordered_iteration {
  parade_loop *loop;
  long long iteration;
  int *passed; /* set once the iteration has passed its ordered region */
} parade_ordered_iteration;
/** @brief The calling thread's current ordered iteration (to restore). */
parade_ordered_iteration parade_ordered_current(void);
/** @brief Enter @p iteration of ordered loop @p loop (each iteration). */
void parade_ordered_enter(parade_loop *loop, long long iteration, int *passed);
/** @brief Restore what parade_ordered_current returned (after the loop). */
void parade_ordered_restore(parade_ordered_iteration saved);
/** @brief An orphaned ordered region: the ordered region of the calling
 *  thread's current ordered iteration; without one (the function was
 *  called outside an ordered loop) the region simply runs. */
void parade_ordered_orphan_begin(void);
/** @brief The end of an orphaned ordered region. */
void parade_ordered_orphan_end(void);

/* ---- Collectives on small data -------------------------------------- */

/**
 * @brief The most bytes of shared data one collective store may update
 * (parade_reduce_store): the runtime keeps their old values in a buffer of
 * this size. The translator refuses a -fparade-small-threshold above it.
 */
#define PARADE_SMALL_MAX 256

/** @brief Element types the collectives understand. */
typedef enum parade_type {
  PARADE_CHAR,
  PARADE_SCHAR,
  PARADE_UCHAR,
  PARADE_SHORT,
  PARADE_USHORT,
  PARADE_INT,
  PARADE_UINT,
  PARADE_LONG,
  PARADE_ULONG,
  PARADE_LLONG,
  PARADE_ULLONG,
  PARADE_FLOAT,
  PARADE_DOUBLE,
  PARADE_LDOUBLE,
  PARADE_BOOL,
  PARADE_TYPE_COUNT
} parade_type;

/** @brief The OpenMP reduction operators. */
typedef enum parade_op {
  PARADE_OP_SUM,
  PARADE_OP_PROD,
  PARADE_OP_MIN,
  PARADE_OP_MAX,
  PARADE_OP_LAND,
  PARADE_OP_LOR,
  PARADE_OP_BAND,
  PARADE_OP_BOR,
  PARADE_OP_BXOR,
  PARADE_OP_COUNT
} parade_op;

/** @brief One variable of a merged reduction. @p data is the calling
 *  thread's private partial value of @p count elements. */
typedef struct parade_reduce_var {
  void *data;
  __SIZE_TYPE__ count;
  parade_type type;
  parade_op op;
} parade_reduce_var;

/**
 * @brief Combine every thread's partial values; all threads get the result.
 *
 * Every thread of the team calls it with the same shape of @p vars. Thread
 * partials are combined inside the node in thread order, then one MPI
 * all-reduce combines the nodes, whatever the number of variables.
 */
void parade_allreduce(parade_reduce_var *vars, int nvars);

/**
 * @brief The exclusive prefix of an inscan reduction over the team's threads.
 *
 * Every thread calls it with its partials in @p vars (the same shape on
 * every thread); each gets back, in place, the combination of the partials
 * of the threads numbered below it, in thread order. Returns 0, leaving
 * @p vars as they were, on the first thread (nothing comes before it).
 */
int parade_scan_prefix(parade_reduce_var *vars, int nvars);

/** @brief A user-defined reduction's combiner: *out = *out combined with
 *  *in (omp_out and omp_in of the declare reduction). */
typedef void (*parade_combine_fn)(void *out, const void *in);
/**
 * @brief Combine every thread's value of a user-defined reduction with
 * @p combine, in thread order; all threads get the result in @p data
 * (@p size bytes). Every thread of the team calls it.
 */
void parade_allreduce_user(void *data, __SIZE_TYPE__ size, parade_combine_fn combine);
/** @brief Private memory of the calling thread (a scan's partials, the
 *  private copy of an array section in a reduction; @p bytes may be 0);
 *  ends the job when there is none. */
void *parade_private_alloc(__SIZE_TYPE__ bytes);
void parade_private_free(void *buffer);
/** @brief Cleanup hook: @p slot points to what parade_private_alloc gave. */
void parade_private_release(void *slot);

/**
 * @brief An OpenMP atomic update that commutes: *addr = *addr op *value.
 *
 * Inside an active region on several ranks the update is combined into a
 * table of the calling thread and applied under the atomic lock at its
 * next synchronisation (barrier, region end, lock, critical, flush,
 * ordered, collective store); elsewhere it is applied at once. Subtraction
 * is a sum of the negated value. @p value has type @p type.
 */
void parade_atomic_update(void *addr, parade_type type, parade_op op, const void *value);

/** @brief One update *addr = *addr op *value of a deferred critical block. */
typedef struct {
  void *addr;
  parade_type type;
  parade_op op;
  const void *value;
} parade_update;

/**
 * @brief One instance of a critical block of updates that commute, met in
 * a loop: deferred as parade_atomic_update defers, whole, and applied
 * under the lock of critical @p name (NULL: the unnamed one), so that it
 * excludes the critical's other instances that take the lock.
 */
void parade_critical_update(const char *name, const parade_update *updates, int count);

/**
 * @brief Copy @p len bytes at @p buf of global thread @p root into @p buf of
 * every thread of the team. Every thread calls it.
 */
void parade_bcast(void *buf, __SIZE_TYPE__ len, int root);

/**
 * @brief The end of a worksharing loop that ends its parallel region, in
 * place of its barrier (the region's join follows): every task of the
 * node completes before the calling thread goes on, as at a barrier.
 */
void parade_region_tail(void);

/**
 * @brief The reduction clause of a parallel region, at the end of its body:
 * every thread of the team calls it with its partials, and the team's
 * combination of them is combined into the @p n originals (@p targets,
 * as global thread 0 passes them; `*targets[i] = *targets[i] op total`,
 * element by element) by the region's join. Small partials travel inside
 * the join's own exchange of write notices; larger ones, and a region
 * nested in another, take an allreduce first.
 */
void parade_reduce_at_join(parade_reduce_var *partials, void *const *targets, int n);

/**
 * @brief The end of a single with copyprivate: the @p n variables at
 * @p vars (@p sizes bytes each) of global thread @p root are copied into
 * every other thread's, and the team meets as at a barrier. Every thread
 * calls it with its own variables' addresses; it replaces the broadcasts
 * and the barrier (one exchange of write notices carries small data).
 */
void parade_copyprivate(void *const *vars, const __SIZE_TYPE__ *sizes, int n, int root);

/**
 * @brief The collective translation of a critical or atomic update.
 *
 * Every thread of the team calls it with its contribution to each updated
 * shared variable; for each i, `*targets[i] = *targets[i] op (sum of all
 * contributions)` is applied once, and every node's copy gets the result
 * without going through the DSM (no lock, no write notice, no barrier).
 * For `x -= e` pass `-e` with PARADE_OP_SUM.
 */
void parade_reduce_store(parade_reduce_var *contributions, void **targets, int n);

/**
 * @brief The collective translation of a single: after global thread
 * @p root ran the block, the @p n shared variables it modified
 * (@p targets, @p sizes bytes each) are sent to every node and stored in
 * its copy. Every thread of the team calls it; it replaces the barrier.
 */
void parade_bcast_store(void **targets, const __SIZE_TYPE__ *sizes, int n, int root);

/** @brief Replays a critical block: given the shared variables' values
 *  (@p state, packed) and every thread's inputs (@p inputs, @p nthreads of
 *  them in global thread order), runs the block for each in turn. */
typedef void (*parade_replay_fn)(void *state, const void *inputs, int nthreads);
/**
 * @brief The collective translation of a critical met once by every
 * thread: the inputs of all threads (@p input, @p input_size bytes each)
 * go to every node in one allgather, and every node runs @p replay over
 * them on the old values of the @p nstate shared variables (@p targets,
 * @p sizes bytes each), then stores the first @p nwritten in its copy:
 * one serial order of the block, the same everywhere. A team on some of
 * the ranks only takes the critical's lock (@p lock_name) instead.
 */
void parade_replay_store(const void *input, __SIZE_TYPE__ input_size, parade_replay_fn replay,
                         void **targets, const __SIZE_TYPE__ *sizes, int nstate, int nwritten,
                         const char *lock_name);

/* ---- Shared memory ------------------------------------------------- */

/** @brief Shared-heap malloc: the block is in the pool, valid on all ranks. */
void *parade_malloc(__SIZE_TYPE__ size);
/** @brief Shared-heap calloc. */
void *parade_calloc(__SIZE_TYPE__ count, __SIZE_TYPE__ size);
/** @brief Shared-heap realloc. */
void *parade_realloc(void *ptr, __SIZE_TYPE__ size);
/** @brief Shared-heap free (any rank may free any block). */
void parade_free(void *ptr);
/** @brief Shared-heap posix_memalign. */
int parade_posix_memalign(void **out, __SIZE_TYPE__ alignment, __SIZE_TYPE__ size);
/** @brief Shared-heap aligned_alloc. */
void *parade_aligned_alloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size);
/** @brief Usable size of a shared-heap block. */
__SIZE_TYPE__ parade_malloc_usable_size(void *ptr);
/** @brief Shared-heap memalign, valloc, pvalloc and reallocarray. */
void *parade_memalign(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size);
void *parade_valloc(__SIZE_TYPE__ size);
void *parade_pvalloc(__SIZE_TYPE__ size);
void *parade_reallocarray(void *ptr, __SIZE_TYPE__ count, __SIZE_TYPE__ size);
/** @brief mmap: an anonymous mapping, or one of a file, is a page-aligned
 *  shared-heap block (zeroed, or read from the file) when the job has
 *  several ranks; a shared writable one is written back to its file at
 *  msync, munmap and exit. A fixed address is the C library's. munmap
 *  frees such a block. */
void *parade_mmap(void *addr, __SIZE_TYPE__ length, int prot, int flags, int fd, long offset);
int parade_munmap(void *addr, __SIZE_TYPE__ length);
int parade_msync(void *addr, __SIZE_TYPE__ length, int flags);
/** @brief exit: one thread of the process ends it; another thread that
 *  calls exit meanwhile (every thread of a team, say) waits for that. */
void parade_exit(int status) __attribute__((noreturn));
/** @brief alloca from the shared heap (a thread's stack is its rank's
 *  alone): the block lives until the function that called alloca returns,
 *  which declares `void *m __attribute__((cleanup(parade_alloca_release)))
 *  = parade_alloca_mark();` at its top (the translation does). */
void *parade_alloca(__SIZE_TYPE__ size);
void *parade_alloca_mark(void);
void parade_alloca_release(void **mark);
/* free, realloc and malloc_usable_size also take blocks the C library
 * allocated for the program (getline's line, realpath's result): free and
 * malloc_usable_size pass them on, realloc moves them to the shared heap. */

/**
 * @brief Storage for a file-scope or static variable in the pool.
 *
 * Must be called in the same order with the same sizes on every rank (for
 * example from constructors, or before any region): the result is then the
 * same address everywhere. @p init (may be NULL for zero) is copied in.
 */
void *parade_static_alloc(__SIZE_TYPE__ size, __SIZE_TYPE__ align, const void *init);

/** @brief Pool storage for a shared automatic variable of the encountering
 *  function; freed by parade_free_local() (used as a cleanup attribute). */
void *parade_alloc_local(__SIZE_TYPE__ size);
/** @brief Cleanup hook: @p slot points to the pointer parade_alloc_local gave. */
void parade_free_local(void *slot);
/** @brief Shared-heap strdup, strndup, asprintf and vasprintf. */
char *parade_strdup(const char *text);
char *parade_strndup(const char *text, __SIZE_TYPE__ max);
int parade_asprintf(char **out, const char *format, ...);
int parade_vasprintf(char **out, const char *format, __builtin_va_list ap);
/** @brief getenv, the value on the shared heap (readable on every rank). */
char *parade_getenv(const char *name);
/** @brief rand, random and the drand48 family: one generator state for the
 * whole job, in the pool, under a cluster-wide lock (runtime/random.c). */
int parade_rand(void);
void parade_srand(unsigned seed);
long parade_random(void);
void parade_srandom(unsigned seed);
double parade_drand48(void);
long parade_lrand48(void);
long parade_mrand48(void);
void parade_srand48(long seed);
unsigned short *parade_seed48(unsigned short seed[3]);
void parade_lcong48(unsigned short param[7]);

/** @brief Non-zero if @p addr lies in the DSM pool. */
int parade_is_shared(const void *addr);

/* ---- I/O into and out of shared memory ------------------------------ */

/** @brief read(2) that works on a protected shared buffer. */
__PTRDIFF_TYPE__ parade_read(int fd, void *buf, __SIZE_TYPE__ count);
/** @brief write(2) that works on a protected shared buffer. */
__PTRDIFF_TYPE__ parade_write(int fd, const void *buf, __SIZE_TYPE__ count);
/**
 * @brief The stream @p f stands for on this rank: rank 0's standard streams
 * become this rank's own; a stream rank 0 opened (with parade_fopen and
 * kin) is a fatal error on another rank that names @p function (a FILE *
 * belongs to the process that opened it).
 */
struct _IO_FILE *parade_stream(struct _IO_FILE *f, const char *function);
/** @name The C library's stream functions, checking their stream first
 *  (parade_stream) and recording the streams rank 0 opens. */
/**@{*/
struct _IO_FILE *parade_fopen(const char *path, const char *mode);
struct _IO_FILE *parade_fdopen(int fd, const char *mode);
struct _IO_FILE *parade_freopen(const char *path, const char *mode, struct _IO_FILE *f);
struct _IO_FILE *parade_tmpfile(void);
struct _IO_FILE *parade_popen(const char *command, const char *mode);
/** @brief system(3) with a command that may be shared data. */
int parade_system(const char *command);
int parade_pclose(struct _IO_FILE *f);
int parade_fclose(struct _IO_FILE *f);
int parade_fprintf(struct _IO_FILE *f, const char *format, ...);
int parade_vfprintf(struct _IO_FILE *f, const char *format, __builtin_va_list ap);
int parade_fscanf(struct _IO_FILE *f, const char *format, ...);
int parade_vfscanf(struct _IO_FILE *f, const char *format, __builtin_va_list ap);
int parade_fputs(const char *s, struct _IO_FILE *f);
int parade_fputc(int c, struct _IO_FILE *f);
int parade_putc(int c, struct _IO_FILE *f);
int parade_fgetc(struct _IO_FILE *f);
int parade_getc(struct _IO_FILE *f);
int parade_ungetc(int c, struct _IO_FILE *f);
int parade_fflush(struct _IO_FILE *f);
int parade_feof(struct _IO_FILE *f);
int parade_ferror(struct _IO_FILE *f);
void parade_clearerr(struct _IO_FILE *f);
int parade_fseek(struct _IO_FILE *f, long offset, int whence);
long parade_ftell(struct _IO_FILE *f);
void parade_rewind(struct _IO_FILE *f);
int parade_fileno(struct _IO_FILE *f);
int parade_setvbuf(struct _IO_FILE *f, char *buf, int mode, __SIZE_TYPE__ size);
/**@}*/
/** @brief fread(3) that works on a protected shared buffer. */
__SIZE_TYPE__ parade_fread(void *buf, __SIZE_TYPE__ size, __SIZE_TYPE__ nmemb,
                           struct _IO_FILE *stream);
/** @brief fwrite(3) that works on a protected shared buffer. */
__SIZE_TYPE__ parade_fwrite(const void *buf, __SIZE_TYPE__ size, __SIZE_TYPE__ nmemb,
                            struct _IO_FILE *stream);
/** @brief fgets(3) that works on a protected shared buffer. */
char *parade_fgets(char *buf, int size, struct _IO_FILE *stream);
/** @name System calls that work on protected shared buffers and paths: each
 *  makes its buffers valid on this node first (io_syscalls.c). */
/**@{*/
struct stat;
struct iovec;
struct sockaddr;
struct utsname;
struct rusage;
__PTRDIFF_TYPE__ parade_pread(int fd, void *buf, __SIZE_TYPE__ count, long offset);
__PTRDIFF_TYPE__ parade_pwrite(int fd, const void *buf, __SIZE_TYPE__ count, long offset);
__PTRDIFF_TYPE__ parade_readv(int fd, const struct iovec *iov, int count);
__PTRDIFF_TYPE__ parade_writev(int fd, const struct iovec *iov, int count);
__PTRDIFF_TYPE__ parade_preadv(int fd, const struct iovec *iov, int count, long offset);
__PTRDIFF_TYPE__ parade_pwritev(int fd, const struct iovec *iov, int count, long offset);
__PTRDIFF_TYPE__ parade_recv(int fd, void *buf, __SIZE_TYPE__ len, int flags);
__PTRDIFF_TYPE__ parade_recvfrom(int fd, void *buf, __SIZE_TYPE__ len, int flags,
                                 struct sockaddr *from, unsigned *fromlen);
__PTRDIFF_TYPE__ parade_send(int fd, const void *buf, __SIZE_TYPE__ len, int flags);
__PTRDIFF_TYPE__ parade_sendto(int fd, const void *buf, __SIZE_TYPE__ len, int flags,
                               const struct sockaddr *to, unsigned tolen);
char *parade_getcwd(char *buf, __SIZE_TYPE__ size);
__PTRDIFF_TYPE__ parade_readlink(const char *path, char *buf, __SIZE_TYPE__ size);
int parade_pipe(int fds[2]);
int parade_pipe2(int fds[2], int flags);
int parade_stat(const char *path, struct stat *st);
int parade_lstat(const char *path, struct stat *st);
int parade_fstat(int fd, struct stat *st);
int parade_uname(struct utsname *name);
int parade_gethostname(char *name, __SIZE_TYPE__ len);
int parade_getrusage(int who, struct rusage *usage);
int parade_open(const char *path, int flags, ...);
int parade_creat(const char *path, unsigned mode);
int parade_access(const char *path, int how);
int parade_unlink(const char *path);
int parade_remove(const char *path);
int parade_rename(const char *from, const char *to);
int parade_mkdir(const char *path, unsigned mode);
int parade_rmdir(const char *path);
int parade_chdir(const char *path);
int parade_symlink(const char *target, const char *path);
/**@}*/
/** @brief getline and getdelim with the line on the shared heap. */
__PTRDIFF_TYPE__ parade_getline(char **line, __SIZE_TYPE__ *cap, struct _IO_FILE *stream);
__PTRDIFF_TYPE__ parade_getdelim(char **line, __SIZE_TYPE__ *cap, int delim,
                                 struct _IO_FILE *stream);

#ifdef __cplusplus
}
#endif
#endif /* PARADE_H */
