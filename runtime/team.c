#include "team.h"

#include "atomic.h"
#include "comm.h"
#include "error.h"
#include "fault.h"
#include "format.h"
#include "hlrc.h"
#include "node.h"
#include "parade.h"
#include "proto.h"
#include "schedule.h"
#include "stats.h"
#include "streams.h"
#include "task.h"
#include "team_shape.h"
#include "wait.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- Region bodies as module-relative offsets ------------------------ */

struct module_search {
  uintptr_t addr;
  uint32_t index;
  uintptr_t base;
  int found;
  uint32_t counter;
};

static int find_module(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct module_search *s = data;
  uint32_t index = s->counter++;
  if (s->found)
    return 0;
  if (s->addr == 0) {
    if (index == s->index) {
      s->base = info->dlpi_addr;
      s->found = 1;
    }
    return 0;
  }
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && s->addr >= lo && s->addr < lo + ph->p_memsz) {
      s->index = index;
      s->base = info->dlpi_addr;
      s->found = 1;
    }
  }
  return 0;
}

/* Every rank runs the same program with the same libraries loaded in the
 * same order, so (module index, offset) names a function on all of them
 * even when address randomisation places them differently. */
static void encode_fn(parade_region_fn fn, uint32_t *module, uint64_t *offset) {
  struct module_search s = {(uintptr_t)fn, 0, 0, 0, 0};
  dl_iterate_phdr(find_module, &s);
  if (!s.found)
    err_fatal("parallel region body %p is in no loaded module", (void *)fn);
  *module = s.index;
  *offset = (uintptr_t)fn - s.base;
}

static parade_region_fn decode_fn(uint32_t module, uint64_t offset) {
  struct module_search s = {0, module, 0, 0, 0};
  dl_iterate_phdr(find_module, &s);
  if (!s.found)
    err_fatal("protocol error: fork names module %u, which is not loaded here", module);
  return (parade_region_fn)(s.base + offset);
}

/* ---- Barriers ------------------------------------------------------------- */

/* The node's threads meet; the last to arrive runs @p last first. With
 * @p help_tasks (team barriers, a task scheduling point) waiting threads
 * run the node's queued tasks. */
static void node_barrier(void (*last)(void), int help_tasks) {
  struct team *t = &node.team;
  /* Read before arriving: once this thread has arrived, the last one may
   * leave the region and the next fork change the team's shape, and a
   * thread that read the new count after its arrival could take itself
   * for the last (ThreadSanitizer saw the read race with the fork). */
  uint32_t count = (uint32_t)team_local_count();
  uint32_t gen = atomic_load_explicit(&t->bar_gen, memory_order_acquire);
  if (atomic_fetch_add_explicit(&t->bar_arrived, 1, memory_order_acq_rel) + 1 == count) {
    atomic_store_explicit(&t->bar_arrived, 0, memory_order_relaxed);
    if (last)
      last();
    atomic_store_explicit(&t->bar_gen, gen + 1, memory_order_release);
    if (help_tasks)
      task_barrier_wake();
    else
      wait_wake(&t->bar_gen, INT32_MAX);
  } else if (help_tasks) {
    task_barrier_wait(&t->bar_gen, gen);
  } else {
    wait_until_changed(&t->bar_gen, gen);
  }
}

void team_node_barrier(void (*last)(void)) { node_barrier(last, 0); }

/* The nodes meet; a region's reduction that rides on its join travels in
 * the same allgather. */
static void global_barrier(void) {
  STAT_INC(barriers);
  size_t len = 0;
  void *partial = node.team.join_partial ? node.team.join_partial(&len) : NULL;
  if (node.size == 1 || team_participants() <= 1) {
    if (partial)
      node.team.join_finish(partial, 1);
    return;
  }
  uint64_t start = stats_now_ns();
  uint32_t participants = (uint32_t)team_participants();
  void *all = NULL;
  if (partial && !(all = malloc(participants * len)))
    err_fatal("out of memory for a reduction of %zu bytes", len);
  hlrc_barrier(team_comm(), participants, partial, len, all);
  if (partial)
    node.team.join_finish(all, (int)participants);
  free(all);
  STAT_ADD(barrier_ns, stats_now_ns() - start);
}

/* A team barrier: every task of the team completes first. */
static void team_barrier(void) {
  task_drain();
  atomic_flush_deferred();
  streams_release();
  node_barrier(global_barrier, 1);
}

void parade_barrier(void) {
  if (!team_shape_in_team())
    return;
  team_barrier();
}

/* A worksharing loop that ends its region has no barrier: the join
 * follows. The tasks still complete before the thread leaves the region's
 * body, whose frame they may use. */
void parade_region_tail(void) {
  if (team_shape_in_team())
    task_drain();
}

/* ---- Fork and join --------------------------------------------------------- */

static void run_region(int local) {
  team_shape_enter(local);
  places_bind_thread(&node.places, local, team_local_count());
  if (node.team.region_entered)
    node.team.region_entered();
  task_region_begin();
  void *allocas = parade_alloca_mark();
  node.team.fn((void *)node.team.args);
  team_barrier();                  /* join */
  parade_alloca_release(&allocas); /* the team may use them up to the join */
  task_region_end();
  team_shape_leave();
}

static void *worker_main(void *arg) {
  /* A worker starts with the fork generation before the fork that needs
   * it: the fork about to be announced is its first region, once. */
  int local = (int)((uintptr_t)arg & 0xffff);
  uint32_t seen = (uint32_t)((uintptr_t)arg >> 16);
  uint32_t handled = seen; /* the last fork this worker acted on */
  fault_thread_start(FAULT_TEAM_THREAD, local);
  comm_my_slot(); /* take a wait slot before any fault needs one */
  for (;;) {
    wait_until_changed(&node.team.fork_gen, seen);
    seen = atomic_load_explicit(&node.team.fork_gen, memory_order_acquire);
    if (atomic_load(&node.team.shutdown)) {
      fault_thread_end();
      return NULL;
    }
    uint64_t word = atomic_load_explicit(&node.team.fork_word, memory_order_acquire);
    uint32_t gen = (uint32_t)(word >> 32), count = (uint32_t)word;
    if (gen != handled) {
      handled = gen;
      if ((uint32_t)local < count)
        run_region(local);
    }
  }
}

static void ensure_workers(uint32_t local_count) {
  struct team *t = &node.team;
  if (local_count > OPTIONS_MAX_THREADS)
    err_fatal("%u threads on one rank: at most %d are supported", local_count, OPTIONS_MAX_THREADS);
  if (t->nworkers + 1 >= local_count)
    return;
  /* OMP_STACKSIZE sizes the team threads' stacks, as with libgomp; the
   * initial thread keeps the process's. */
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (node.opt.stacksize && pthread_attr_setstacksize(&attr, node.opt.stacksize))
    err_fatal("cannot give team threads a stack of %zu bytes (OMP_STACKSIZE)", node.opt.stacksize);
  while (t->nworkers + 1 < local_count) {
    uint32_t local = t->nworkers + 1;
    uintptr_t arg = ((uintptr_t)atomic_load(&t->fork_gen) << 16) | local;
    int err = pthread_create(&t->workers[t->nworkers], &attr, worker_main, (void *)arg);
    if (err)
      err_fatal("cannot create team thread %u: %s%s", local, fmt_strerror(err),
                node.opt.stacksize ? " (is OMP_STACKSIZE too large?)" : "");
    t->nworkers++;
  }
  pthread_attr_destroy(&attr);
}

/* Spin briefly, then block. With a core for every thread the spin must
 * outlast a futex wake-up (50-100 us on a virtual machine), or one side
 * sleeping makes the other's spin run out too and every fork and barrier
 * pays a wake-up (measured: 40-100 us per empty region with a 100 us spin,
 * 0.5 us with 1 ms). On an oversubscribed host spinning only steals time
 * from the thread being waited for, so it is kept to a token 2 us. A
 * thread waiting for a remote reply there first yields the CPU for up to
 * YIELD_NS, which runs the communication threads and spares the futex
 * wake-up (a remote page fault's wake fell from 8-16 us to 2.5 us at P = 2
 * on two cores; team waits measured no gain). OMP_WAIT_POLICY=passive
 * neither spins nor yields. */
enum { YIELD_NS = 100000 };

void team_choose_wait_policy(int local_threads) {
  /* The communication thread counts: a waiting thread often waits for it,
   * and spinning on its core would delay the very message awaited
   * (measured: a 1 ms barrier at P = 2, T = 1 on two cores). So do the
   * rank's own CPUs: a rank bound to one core with two threads spent 2 ms
   * in every fork and join spinning while the thread it waited for could
   * not run (the wavefront kernel at P = 1: 1.0 s against 0.5 ms). */
  int rank_threads = local_threads + (node.size > 1);
  int runtime_threads = node.ranks_on_host * rank_threads;
  int oversubscribed = runtime_threads > node.host_cores || rank_threads > node.rank_cpus;
  uint64_t spin_ns = oversubscribed ? 2000 : 1000000;
  uint64_t yield_ns = oversubscribed ? YIELD_NS : 0;
  if (node.opt.wait == WAIT_PASSIVE)
    spin_ns = yield_ns = 0;
  else if (node.opt.wait == WAIT_ACTIVE)
    spin_ns = 200000000; /* 0.2 s */
  wait_set_policy(spin_ns, yield_ns);
}

/* A fork message: the fork_info, the region's arguments at the next
 * TEAM_ARGS_ALIGN boundary (read in place: the control mailbox aligns the
 * payload), then the departure entries at the next 8 bytes. */
#define FORK_ARGS_OFFSET                                                                           \
  ((sizeof(struct fork_info) + TEAM_ARGS_ALIGN - 1) / TEAM_ARGS_ALIGN * TEAM_ARGS_ALIGN)
_Static_assert(COMM_CONTROL_ALIGN % TEAM_ARGS_ALIGN == 0,
               "a fork's arguments are read in place from a control message");

static size_t fork_entries_offset(size_t args_size) {
  return (FORK_ARGS_OFFSET + args_size + 7) & ~(size_t)7;
}

/* Set the team up from a fork's description and run it here. */
static void begin_region(const struct fork_info *info, parade_region_fn fn, const void *args) {
  struct team *t = &node.team;
  struct team_shape shape = {
      .nthreads = info->nthreads,
      .per_node = info->per_node,
      .participants = info->participants,
      .comm = node.size > 1 ? comm_prefix((int)info->participants) : MPI_COMM_NULL,
      .region = info->region,
      .league = info->league,
      .outer_levels = info->outer_levels,
  };
  uint32_t first = (uint32_t)node.rank * info->per_node;
  shape.local_count =
      first >= info->nthreads
          ? 0
          : (info->nthreads - first < info->per_node ? info->nthreads - first : info->per_node);
  team_shape_set(&shape);
  hlrc_team_nodes(info->participants);
  uint32_t local_count = shape.local_count;
  /* A team with more threads here than OMP_NUM_THREADS planned for
   * (num_threads, omp_set_num_threads) may oversubscribe the cores: its
   * waits must not spin a millisecond on a core the awaited thread needs
   * (2,000 barriers of a team of 4 at T = 2 took 2 s, not 0.07 s). */
  static uint32_t tuned_for;
  uint32_t planned =
      local_count > (uint32_t)node.threads_per_node ? local_count : (uint32_t)node.threads_per_node;
  if (planned != (tuned_for ? tuned_for : (uint32_t)node.threads_per_node)) {
    team_choose_wait_policy((int)planned);
    tuned_for = planned;
  }
  t->fn = fn;
  t->args = args;
  if (local_count == 0)
    return;
  ensure_workers(local_count);
  atomic_store(&t->bar_arrived, 0);
  uint32_t gen = atomic_load_explicit(&t->fork_gen, memory_order_relaxed) + 1;
  atomic_store_explicit(&t->fork_word, (uint64_t)gen << 32 | local_count, memory_order_release);
  atomic_fetch_add_explicit(&t->fork_gen, 1, memory_order_release);
  wait_wake(&t->fork_gen, INT32_MAX);
  run_region(0);
}

/* A serialized region: one more level on the calling thread, whose
 * implicit task's ICVs (omp_set_num_threads and the like inside it) end
 * with the region. */
void parade_serial_enter(void) {
  task_serial_enter();
  team_shape_serial_enter();
}

void parade_serial_exit(void) {
  team_shape_serial_exit();
  task_serial_exit();
}

/* The size of a team forked inside @p levels inactive regions: their
 * nthreads-var if set there or by OMP_NUM_THREADS's list, else this rank's
 * threads (the team stays on rank 0). */
static uint32_t inactive_region_threads(int levels) {
  return (uint32_t)task_nthreads_var(levels, node.threads_per_node);
}

void parade_serial_nested(const char *where, int if_clause, int num_threads) {
  int inactive = team_shape_inactive_levels();
  if (!inactive || !if_clause || num_threads == 1 || node.forked ||
      node.icv.max_active_levels == 0 ||
      (num_threads <= 0 && inactive_region_threads(inactive) <= 1))
    return;
  /* Once per region (its text is one string). */
  static const char *said[16];
  static unsigned nsaid;
  for (unsigned i = 0; i < nsaid; i++)
    if (said[i] == where)
      return;
  if (nsaid < sizeof said / sizeof *said)
    said[nsaid++] = where;
  err_warn("the parallel region at %s runs on one thread: it is written inside another "
           "region's body, and parade runs such a region on its encountering thread even "
           "where the regions around it are inactive (if(0), one thread); a region in a "
           "function called there gets a team",
           where);
}

static void fork_region(parade_region_fn fn, const void *args, size_t args_size, int num_threads,
                        int if_clause, int league) {
  /* A region inside inactive regions only (if(0), num_threads(1)) is the
   * first active level, which rank 0's initial thread forks (OpenMP gives
   * it nthreads-var threads; gcc and clang do). A region asked for one
   * thread is inactive: it runs on its encountering thread, and regions
   * in it can fork. (A team of one by default, OMP_NUM_THREADS=1 at one
   * rank, is forked still: its tasks are queued, in libgomp's order.) A
   * teams region is not a parallel region: max-active-levels does not
   * serialize it, and it is never nested. */
  int inactive = team_shape_inactive_levels();
  uint32_t total = num_threads > 0 ? (uint32_t)num_threads
                   : inactive      ? inactive_region_threads(inactive)
                                   : (uint32_t)team_default_size();
  if (team_shape_in_team() || parade_level() > inactive || (league && inactive) || !if_clause ||
      (num_threads == 1 && !league) || node.rank != 0 || node.forked ||
      (node.icv.max_active_levels == 0 && !league)) {
    /* Nested in an active team, if(0), one thread, no active level
     * allowed, or a child made by fork() (it has none of the runtime's
     * threads): the encountering thread is the whole team. */
    parade_serial_enter();
    void *allocas = parade_alloca_mark();
    fn((void *)args);
    parade_alloca_release(&allocas);
    parade_serial_exit();
    return;
  }
  if (args_size > UINT32_MAX)
    err_fatal("parallel region arguments of %zu bytes (at most 4 GiB)", args_size);
  streams_release(); /* the serial part's output before the region's */
  if (node.opt.thread_limit > 0 && total > (uint32_t)node.opt.thread_limit)
    total = (uint32_t)node.opt.thread_limit; /* OMP_THREAD_LIMIT */
  /* More than the thread limit (omp_get_thread_limit): OpenMP leaves the
   * team's size to the implementation; parade gives the limit, and says so
   * once, as libomp does. */
  uint32_t most = (uint32_t)node.size * OPTIONS_MAX_THREADS;
  if (total > most) {
    static int warned;
    if (!warned)
      err_warn("a team of %u threads asked for: at most %d threads per rank are supported, so "
               "the team has %u",
               total, OPTIONS_MAX_THREADS, most);
    warned = 1;
    total = most;
  }
  struct fork_info info = {0};
  info.nthreads = total;
  /* A team forked inside inactive regions stays on rank 0: the region's
   * data may be on the initial thread's stack there (a local of the
   * if(0) region's body), which no other rank can reach. */
  info.per_node = inactive ? total : (total + (uint32_t)node.size - 1) / (uint32_t)node.size;
  info.participants = (total + info.per_node - 1) / info.per_node;
  info.args_size = (uint32_t)args_size;
  info.region = ++node.team.regions_forked;
  uint32_t sched_as_set;
  long long sched_chunk;
  sched_get_runtime_as_set(&sched_as_set, &sched_chunk);
  info.sched_kind = sched_as_set;
  info.sched_chunk = sched_chunk;
  info.icv_dynamic = (uint32_t)node.icv.dynamic;
  info.icv_default_device = node.icv.default_device;
  info.icv_default_allocator = node.icv.default_allocator;
  info.league = (uint32_t)league;
  info.outer_levels = (uint32_t)inactive;
  if (node.size > 1) {
    /* The fork is a release of rank 0's serial writes: it is the only
     * writer, so it becomes the home of everything it wrote. */
    struct notice_rec *recs;
    size_t nrecs = hlrc_own_notices(&recs);
    struct depart_entry *entries;
    size_t count = hlrc_decide(recs, nrecs, &entries);
    free(recs);
    info.ndepart = (uint32_t)count;
    encode_fn(fn, &info.fn_module, &info.fn_offset);
    /* One message for every rank, built once; the arguments are read in
     * place where it lands (team_serve). */
    size_t len = fork_entries_offset(args_size) + count * sizeof *entries;
    struct bundle b = {0};
    char *p = bundle_add_reserve(&b, msg_fork_pack((struct msg_fork){.epoch = hlrc_epoch()}), len);
    size_t args_end = FORK_ARGS_OFFSET + args_size;
    memcpy(p, &info, sizeof info);
    memset(p + sizeof info, 0, FORK_ARGS_OFFSET - sizeof info);
    if (args_size)
      memcpy(p + FORK_ARGS_OFFSET, args, args_size);
    memset(p + args_end, 0, fork_entries_offset(args_size) - args_end);
    if (count)
      memcpy(p + fork_entries_offset(args_size), entries, count * sizeof *entries);
    /* Started, not waited for: a large fork goes by rendezvous, which the
     * other ranks' communication threads answer when they next look; the
     * region runs meanwhile, and its join completes the sends. */
    comm_sends_start(&node.team.fork_sends, 1, node.size, &b);
    hlrc_apply_departure(entries, count);
    free(entries);
  }
  begin_region(&info, fn, args);
  comm_sends_wait(&node.team.fork_sends);
}

void parade_parallel(parade_region_fn fn, const void *args, size_t args_size, int num_threads,
                     int if_clause) {
  fork_region(fn, args, args_size, num_threads, if_clause, 0);
}

void parade_teams(parade_region_fn fn, const void *args, size_t args_size, int num_teams,
                  int if_clause) {
  if (num_teams <= 0 && node.icv.num_teams > 0)
    num_teams = node.icv.num_teams; /* OMP_NUM_TEAMS, omp_set_num_teams */
  fork_region(fn, args, args_size, num_teams, if_clause, 1);
}

int team_serve(void) {
  for (;;) {
    struct control_msg *msg = comm_wait_control(0);
    const char *p = msg->payload;
    switch (msg->hdr.type) {
    case MSG_FORK: {
      struct fork_info info;
      memcpy(&info, p, sizeof info);
      if (msg->hdr.len !=
          fork_entries_offset(info.args_size) + info.ndepart * sizeof(struct depart_entry))
        err_fatal("protocol error: malformed fork message");
      const struct depart_entry *entries = (const void *)(p + fork_entries_offset(info.args_size));
      hlrc_apply_departure(entries, info.ndepart);
      sched_set_runtime(info.sched_kind, info.sched_chunk);
      node.icv.dynamic = (int)info.icv_dynamic;
      node.icv.default_device = info.icv_default_device;
      node.icv.default_allocator = info.icv_default_allocator;
      /* The payload is COMM_CONTROL_ALIGN-aligned: so are the arguments. */
      begin_region(&info, decode_fn(info.fn_module, info.fn_offset), p + FORK_ARGS_OFFSET);
      break;
    }
    case MSG_CHDIR:
      /* Rank 0's serial code changed the working directory, which is the
       * process's, and so every thread's in gcc's build. */
      if (msg->hdr.len == 0 || p[msg->hdr.len - 1] != '\0')
        err_fatal("protocol error: malformed directory change");
      if (chdir(p) != 0)
        err_warn("cannot change to directory '%s' as rank 0 did: %s", p, strerror(errno));
      break;
    case MSG_DEPART:
      /* A barrier of a team this node has no thread in. */
      hlrc_apply_departure((const void *)p, msg->hdr.len / sizeof(struct depart_entry));
      break;
    case MSG_EXIT: {
      int status = msg_exit_unpack(&msg->hdr).status;
      comm_control_done(msg);
      return status;
    }
    default: err_fatal("protocol error: unexpected control message %u", msg->hdr.type);
    }
    comm_control_done(msg);
  }
}

void team_directory_changed(void) {
  /* Serial code of rank 0 only, where the other ranks wait for its
   * messages (a thread of a team changes its own rank's directory, as a
   * thread of the team's process would change that process's), and not in
   * a child the program forked (before its exec, say): it has no
   * connection to the other ranks. */
  if (node.size == 1 || node.rank != 0 || node.finished || node.forked || !node.dsm_active ||
      team_shape_active_level() != 0)
    return;
  char *dir = getcwd(NULL, 0);
  if (!dir) {
    err_warn("the working directory changed, and rank 0 cannot name it for the other ranks: %s",
             strerror(errno));
    return;
  }
  struct bundle b = {0};
  bundle_add(&b, msg_chdir_pack(), dir, strlen(dir) + 1);
  free(dir);
  struct comm_sends sends;
  comm_sends_start(&sends, 1, node.size, &b);
  comm_sends_wait(&sends);
}

void team_shutdown(void) {
  struct team *t = &node.team;
  atomic_store(&t->shutdown, 1);
  atomic_fetch_add(&t->fork_gen, 1);
  wait_wake(&t->fork_gen, INT32_MAX);
  for (uint32_t i = 0; i < t->nworkers; i++)
    pthread_join(t->workers[i], NULL);
  t->nworkers = 0;
}
