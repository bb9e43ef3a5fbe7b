#include "node.h"

#include "alloc.h"
#include "atomic.h"
#include "comm.h"
#include "error.h"
#include "fault.h"
#include "format.h"
#include "parade.h"
#include "stats_report.h"
#include "streams.h"
#include "task.h"
#include "team.h"
#include "wait.h"

#include <errno.h>
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

struct node_state node = {
    .alloc = {.arena = {.lock = PTHREAD_MUTEX_INITIALIZER},
              .static_lock = PTHREAD_MUTEX_INITIALIZER,
              .pool_lock = PTHREAD_MUTEX_INITIALIZER,
              .env_lock = PTHREAD_MUTEX_INITIALIZER},
    .streams = {.lock = PTHREAD_MUTEX_INITIALIZER},
};

/* Orderly end of the job: rank 0 tells the others, everyone reports and
 * leaves MPI. */
static void shutdown_job(int status) {
  node.finished = 1;
  /* The other ranks end when told: rank 0's output must be out first, or
   * a launcher that sees them end may stop this process before exit()
   * would flush it. */
  streams_flush_stdout();
  fflush(NULL);
  /* A program that ends inside a region (of one thread: its end runs here)
   * leaves its fork's sends to complete; MPI must not be left with them. */
  comm_sends_wait(&node.team.fork_sends);
  if (node.rank == 0)
    for (int dest = 1; dest < node.size; dest++)
      comm_send(dest, msg_exit_pack((struct msg_exit){.status = status}), NULL, 0);
  team_shutdown();
  stats_report();
  if (node.size > 1) {
    streams_shutdown();
    comm_barrier_world();
    comm_stop();
  }
  fault_uninstall();
  MPI_Finalize();
}

/* The rank whose exit() rank 0 runs for it (see on_exit_ask), or -1. */
static _Atomic int exit_asked_by = -1;

/* exit() is not safe to call from two threads at once: the second would
 * end the process (_exit) while the first still runs the handlers that
 * leave MPI or end the job, and the launcher would take the job for
 * failed. The first caller ends the process; the others wait for it. */
void parade_exit(int status) {
  static atomic_flag ending = ATOMIC_FLAG_INIT;
  if (atomic_flag_test_and_set(&ending))
    for (;;)
      pause();
  exit(status);
}

static void *exit_for_other_rank(void *status) { parade_exit((int)(intptr_t)status); }

/* Another rank's program called exit(): rank 0 calls it too, on a thread of
 * its own (the comm thread goes on serving the DSM, which the program's
 * atexit handlers may need), so that rank 0's open files are flushed and
 * its handlers run, as in one process; then the job ends with the status. */
static void on_exit_ask(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)payload;
  int none = -1;
  if (!atomic_compare_exchange_strong(&exit_asked_by, &none, src))
    return;
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  if (pthread_create(&t, &attr, exit_for_other_rank, (void *)(intptr_t)msg_exit_unpack(hdr).status))
    err_abort_job(msg_exit_unpack(hdr).status);
  pthread_attr_destroy(&attr);
}

/* omp_fulfill_event on another rank for a detached task of this one. */
static void on_fulfil(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)src, (void)payload;
  task_event_fulfilled_remotely(msg_fulfil_unpack(hdr).event);
}

/* A child the program makes with fork() (to run a command, or to work on
 * its own, as OpenMP's pause_resource example does) has one thread and
 * none of the runtime's: its exit() ends only itself, its parallel regions
 * have one thread, and it writes its output to its own descriptors.
 * Shared data its node had no copy of cannot be fetched there (hlrc.c). */
static void on_fork_child(void) {
  node.forked = 1;
  /* One process alone: locks and flushes are local, nothing goes to MPI. */
  node.size = 1;
  atomic_store(&node.streams.forwarding, 0);
  err_set_rank(node.rank, 1); /* a fatal error ends the child alone, without MPI_Abort */
}

/* Rank 0's exit() from its serial code: the status the job ends with
 * once the program's destructors have run. */
static int shutdown_due, shutdown_status;

/* The last of the executable's destructors (the lowest priority a program
 * may give runs last), after the program's own: end the job that rank 0's
 * exit() left running for them. */
__attribute__((destructor(101))) static void parade_fini(void) {
  if (shutdown_due && !node.finished && !node.forked) {
    shutdown_due = 0;
    shutdown_job(shutdown_status);
  }
}

/* exit() from anywhere but rank 0's serial code cannot end in order (other
 * ranks may wait in a barrier for this thread): end the whole job with the
 * same status instead of leaving anyone waiting. */
static void on_process_exit(int status, void *unused) {
  (void)unused;
  if (node.finished || node.forked)
    return; /* a forked child's exit is its own: MPI and the job are its parent's */
  if (node.rank == 0 && pthread_equal(pthread_self(), node.main_thread) && !parade_in_parallel()) {
    /* The job ends after the program's destructors, which run after this
     * handler and may read shared data or run regions as much as its
     * atexit handlers (parade_fini). One rank too: a launcher takes a
     * process that ends without MPI_Finalize for a failure (exit(0) ended
     * the job with status 1). */
    shutdown_status = status;
    shutdown_due = 1;
    return;
  }
  if (node.size <= 1) {
    /* One rank, from inside a region or another thread: the process ends
     * here, and must leave MPI first, as above. The team's other threads
     * are in the program's code (or wait in parade_exit), not in MPI. */
    node.finished = 1;
    streams_flush_stdout();
    fflush(NULL);
    stats_report();
    MPI_Finalize();
    return;
  }
  streams_flush_stdout(); /* MPI_Abort ends this process before exit() would flush */
  fflush(NULL);
  if (node.rank != 0) {
    /* Rank 0 exits too, flushing its files, and ends the job; this rank
     * waits for that, or ends the job itself if it does not come. */
    comm_send(0, msg_exit_ask_pack((struct msg_exit){.status = status}), NULL, 0);
    struct timespec wait = {30, 0};
    while (nanosleep(&wait, &wait) != 0)
      ;
    err_warn("exit(%d) called on rank %d: rank 0 did not end the job; ending it", status,
             node.rank);
  }
  err_abort_job(status);
}

/* Shared data must have the same address on every rank: the pool does by
 * construction, the globals only if every rank runs the same position-
 * dependent executable. */
static void check_same_segments(void) {
  uintptr_t mine[2 * VM_MAX_SEGMENTS] = {0};
  for (unsigned i = 0; i < node.vm.nseg; i++) {
    mine[2 * i] = (uintptr_t)node.vm.seg[i].app;
    mine[2 * i + 1] = node.vm.seg[i].npages;
  }
  uintptr_t first[2 * VM_MAX_SEGMENTS];
  memcpy(first, mine, sizeof first);
  MPI_Bcast(first, (int)(sizeof first), MPI_BYTE, 0, MPI_COMM_WORLD);
  if (memcmp(first, mine, sizeof first) != 0)
    err_fatal("rank %d's shared globals are at other addresses than rank 0's: every rank must "
              "run the same executable, linked without -pie (paradecc's default)",
              node.rank);
}

static void count_host(void) {
  MPI_Comm host;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, node.rank, MPI_INFO_NULL, &host);
  MPI_Comm_size(host, &node.ranks_on_host);
  MPI_Comm_free(&host);
  cpu_set_t set;
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  node.rank_cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : (int)online;
  node.host_cores = node.rank_cpus;
  if (online > node.host_cores)
    node.host_cores = (int)online; /* mpirun may bind each rank to one core */
}

/* A launcher that binds a rank to fewer CPUs than it has threads makes
 * them take turns: the program runs, slowly, on a fraction of the machine
 * (Open MPI binds each rank to one core when it starts at most two). Say
 * so once per rank, with the remedy. */
static void check_rank_cpus(void) {
  if (node.threads_per_node <= node.rank_cpus || node.rank_cpus >= node.host_cores)
    return;
  err_warn("this rank may run on %d of this host's %d CPUs but has %d threads, which will take "
           "turns on %s: the launcher bound the rank (Open MPI binds to one core when it starts "
           "at most two ranks). Give each rank its cores: 'mpirun --bind-to none', or "
           "'mpirun --map-by ppr:R:node:pe=%d' for R ranks per host",
           node.rank_cpus, node.host_cores, node.threads_per_node,
           node.rank_cpus == 1 ? "it" : "them", node.threads_per_node);
}

/* The communication thread reports its own stack overflow, and never
 * flushes the program's files (a program thread may hold one's lock while
 * it waits for this very thread). */
static void comm_thread_begin(void) {
  fault_thread_start(FAULT_COMM_THREAD, 0);
  err_leave_files_alone();
}

static void comm_thread_end(void) { fault_thread_end(); }

/* The program's arguments as rank 0's main sees them, on the shared heap:
 * a region may read them on any rank (they were on rank 0's stack). */
static char **shared_argv(int argc, char **argv) {
  if (node.size == 1)
    return argv;
  char **copy = parade_malloc(((size_t)argc + 1) * sizeof *copy);
  if (!copy)
    err_fatal("out of memory copying the program's arguments");
  for (int i = 0; i < argc; i++)
    if (!(copy[i] = parade_strdup(argv[i])))
      err_fatal("out of memory copying the program's arguments");
  copy[argc] = NULL;
  return copy;
}

static void finish(int status) {
  if (node.forked) /* main returned in a child the program forked: it ends alone */
    parade_exit(status);
  /* Rank 0: exit() runs the program's atexit handlers and then its
   * destructors with the team and the DSM still there (a handler may read
   * shared data, or run a region), then ends the job (parade_fini). */
  if (node.rank == 0)
    parade_exit(status);
  /* The other ranks: the program's atexit handlers and destructors ran on
   * rank 0, as in one process; they must not run again here (a destructor
   * that printed would print once per rank, and one that read shared data
   * would fault with the DSM shut down). */
  shutdown_job(status);
  fflush(NULL);
  _exit(status);
}

/* A program that initialises MPI itself is a hybrid MPI+OpenMP program,
 * which expects each rank to be a process of its own, where here the
 * ranks are the nodes of one program and MPI is the runtime's. The
 * translator warns at its #include <mpi.h> (MpiPrograms.h); its calls
 * reach these, which take the place of the library's. */
static _Noreturn void program_calls_mpi(const char *call) {
  err_fatal("the program calls %s: it uses MPI itself, but parade runs an OpenMP program over "
            "MPI, whose ranks are the nodes of that one program; build a hybrid MPI+OpenMP "
            "program with mpicc -fopenmp",
            call);
}

int MPI_Init(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  program_calls_mpi("MPI_Init");
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  (void)argc;
  (void)argv;
  (void)required;
  (void)provided;
  program_calls_mpi("MPI_Init_thread");
}

int parade_main(int argc, char **argv, int (*user_main)(int, char **)) {
  node.main_thread = pthread_self();
  /* The runtime's short sleeps (the communication thread's back-off, the
   * waits for MPI requests) must not round up to the default timer slack
   * of 50 us; the threads the runtime starts inherit this. */
  prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
  alloc_pool_ensure();
  int provided = 0;
  /* Through the profiling name: MPI_Init_thread itself is the program's
   * (program_calls_mpi, above). */
  if (PMPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
    err_fatal("MPI_Init_thread failed");
  MPI_Comm_rank(MPI_COMM_WORLD, &node.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &node.size);
  if (provided < MPI_THREAD_MULTIPLE && node.size > 1)
    err_fatal("the MPI library does not provide MPI_THREAD_MULTIPLE (got level %d)", provided);
  err_set_rank(node.rank, node.size);
  if (node.size > 65535)
    err_fatal("at most 65535 ranks are supported");
  /* At any P: a stack overflow is reported even where no page is ever
   * protected. */
  fault_thread_start(FAULT_INITIAL_THREAD, 0);
  fault_install();
  comm_init(node.opt.comm_sleep_us);
  comm_register(MSG_FORK, comm_deliver_control);
  comm_register(MSG_CHDIR, comm_deliver_control);
  comm_register(MSG_EXIT, comm_deliver_control);
  comm_register(MSG_EXIT_ASK, on_exit_ask);
  comm_register(MSG_FULFIL, on_fulfil);
  if (node.size > 1)
    check_same_segments();
  streams_init();
  if (node.size > 1)
    random_init();
  count_host();
  node.threads_per_node = node.opt.threads;
  if (node.threads_per_node <= 0) {
    node.threads_per_node = node.host_cores / node.ranks_on_host;
    if (node.threads_per_node < 1)
      node.threads_per_node = 1;
  }
  team_choose_wait_policy(node.threads_per_node);
  check_rank_cpus();
  places_init(&node.places, node.opt.places, node.opt.proc_bind);
  icv_init();
  if (node.opt.verbose >= 1 && node.rank == 0) {
    options_print(&node.opt);
    fprintf(stderr,
            "  threads=%d rank_cpus=%d host_cpus=%d ranks_on_host=%d spin=%lluns yield=%lluns\n",
            node.threads_per_node, node.rank_cpus, node.host_cores, node.ranks_on_host,
            (unsigned long long)wait_spin_ns(), (unsigned long long)wait_yield_ns());
  }
  locks_init();
  task_on_sync(atomic_flush_deferred);
  task_on_acquire(parade_flush);
  sched_init();
  alloc_heap_init();
  alloc_register_handlers();
  if (node.size > 1) {
    if (page_table_init(&node.pages, node.vm.npages, 0, (uint32_t)node.rank) != 0)
      err_fatal("cannot allocate the page table for %zu pages", node.vm.npages);
    hlrc_init();
    comm_start(comm_thread_begin, comm_thread_end);
    hlrc_start();
    node.dsm_active = 1;
    comm_barrier_world(); /* every rank serves faults before anyone faults */
  }
  on_exit(on_process_exit, NULL);
  pthread_atfork(NULL, NULL, on_fork_child);
  int status = node.rank == 0 ? user_main(argc, shared_argv(argc, argv)) : team_serve();
  finish(status);
  return status;
}
