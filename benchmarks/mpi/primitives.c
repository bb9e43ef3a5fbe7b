/* The MPI primitive that each parade construct maps to, measured the same
 * way (microseconds per call, averaged over repetitions):
 *   parallel   fork + join: MPI_Bcast of a 64-byte fork message + MPI_Barrier
 *   barrier    MPI_Barrier
 *   reduction  MPI_Allreduce of one double  (also critical and atomic)
 *   single     MPI_Bcast of 8 bytes
 *   lock       request to a manager and grant back, then a release message
 *   allgather32  MPI_Allgather of 32 bytes per rank: the inputs of a
 *              replayed critical (16 bytes per thread, 2 threads per rank)
 *   bcast4k, bcast64k, bcast1m  MPI_Bcast of 4 KiB, 64 KiB and 1 MiB: the
 *              data of copyprivate, copyin and firstprivate (databench.c)
 *
 * With "polled", the same primitives are measured as a runtime that may
 * not spin must wait for them, which is what parade's runtime does: under
 * MPI_THREAD_MULTIPLE, beside a second thread that polls MPI for incoming
 * messages (MPI_Iprobe) and sleeps between idle polls, each primitive
 * started non-blocking and completed by MPI_Test between yields of the CPU
 * and then between short sleeps. The difference from the plain numbers is
 * the cost of waiting without spinning on this machine, before any DSM
 * protocol work.
 *
 * usage: primitives [repetitions [polled]] */
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int polled;
static MPI_Comm probe_comm;
static atomic_int probe_stop;

static void pause_ns(long ns) {
  struct timespec ts = {0, ns};
  nanosleep(&ts, NULL);
}

/* The second thread: polls for messages that never come, yielding while
 * it has been idle for a short while, then sleeping 1 us, doubling to
 * 200 us. */
static void *probe_main(void *unused) {
  (void)unused;
  unsigned idle = 0;
  long sleep_ns = 1000;
  while (!atomic_load(&probe_stop)) {
    int flag = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, 0, probe_comm, &flag, MPI_STATUS_IGNORE);
    if (++idle < 200) {
      sched_yield();
      continue;
    }
    pause_ns(sleep_ns);
    if (sleep_ns < 200000)
      sleep_ns *= 2;
  }
  return NULL;
}

/* Complete @p req: test, yielding the CPU, 64 times; then test between
 * sleeps of 1 us, doubling to 50 us. */
static void wait_polled(MPI_Request *req, MPI_Status *st) {
  long sleep_ns = 1000;
  for (int round = 0;; round++) {
    int flag = 0;
    MPI_Test(req, &flag, st);
    if (flag)
      return;
    if (round < 64) {
      sched_yield();
      continue;
    }
    pause_ns(sleep_ns);
    if (sleep_ns < 50000)
      sleep_ns *= 2;
  }
}

static void barrier(void) {
  if (!polled) {
    MPI_Barrier(MPI_COMM_WORLD);
    return;
  }
  MPI_Request req;
  MPI_Ibarrier(MPI_COMM_WORLD, &req);
  wait_polled(&req, MPI_STATUS_IGNORE);
}

static void bcast(void *buf, int bytes) {
  if (!polled) {
    MPI_Bcast(buf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
    return;
  }
  MPI_Request req;
  MPI_Ibcast(buf, bytes, MPI_BYTE, 0, MPI_COMM_WORLD, &req);
  wait_polled(&req, MPI_STATUS_IGNORE);
}

static void send(const void *buf, int count, int dest, int tag) {
  if (!polled) {
    MPI_Send(buf, count, MPI_INT, dest, tag, MPI_COMM_WORLD);
    return;
  }
  MPI_Request req;
  MPI_Isend(buf, count, MPI_INT, dest, tag, MPI_COMM_WORLD, &req);
  wait_polled(&req, MPI_STATUS_IGNORE);
}

static void recv(void *buf, int count, int src, int tag, MPI_Status *st) {
  if (!polled) {
    MPI_Recv(buf, count, MPI_INT, src, tag, MPI_COMM_WORLD, st);
    return;
  }
  MPI_Request req;
  MPI_Irecv(buf, count, MPI_INT, src, tag, MPI_COMM_WORLD, &req);
  wait_polled(&req, st);
}

static void allreduce(const double *in, double *out) {
  if (!polled) {
    MPI_Allreduce(in, out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return;
  }
  MPI_Request req;
  MPI_Iallreduce(in, out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &req);
  wait_polled(&req, MPI_STATUS_IGNORE);
}

static void allgather(const void *in, void *out, int bytes) {
  if (!polled) {
    MPI_Allgather(in, bytes, MPI_BYTE, out, bytes, MPI_BYTE, MPI_COMM_WORLD);
    return;
  }
  MPI_Request req;
  MPI_Iallgather(in, bytes, MPI_BYTE, out, bytes, MPI_BYTE, MPI_COMM_WORLD, &req);
  wait_polled(&req, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
  polled = argc > 2 && !strcmp(argv[2], "polled");
  pthread_t prober;
  if (polled) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided < MPI_THREAD_MULTIPLE) {
      fprintf(stderr, "primitives: polled needs MPI_THREAD_MULTIPLE\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &probe_comm);
    if (pthread_create(&prober, NULL, probe_main, NULL) != 0) {
      fprintf(stderr, "primitives: cannot start the polling thread\n");
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  } else {
    MPI_Init(&argc, &argv);
  }
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int reps = argc > 1 ? atoi(argv[1]) : 1000;
  char fork_msg[64] = {0};
  double value = 1.0, result = 0;
  const char *names[] = {"parallel", "barrier",     "reduction", "single",
                         "lock",     "allgather32", "bcast4k",   "bcast64k",
                         "bcast1m"};
  const int bcast_bytes[] = {4096, 65536, 1 << 20};
  char inputs[32] = {0}, *gathered = calloc((size_t)size, sizeof inputs);
  char *data = calloc(1, 1 << 20);
  for (int which = 0; which < 9; which++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (int r = 0; r < reps; r++) {
      switch (which) {
      case 0:
        bcast(fork_msg, sizeof fork_msg);
        barrier();
        break;
      case 1: barrier(); break;
      case 2: allreduce(&value, &result); break;
      case 3: bcast(&value, sizeof value); break;
      case 4:
        /* Every rank but 0 takes the lock from manager 0 in turn. */
        if (rank == 0) {
          for (int k = 1; k < size; k++) {
            MPI_Status st;
            int token;
            recv(&token, 1, MPI_ANY_SOURCE, 1, &st);
            send(&token, 1, st.MPI_SOURCE, 2);
            recv(&token, 1, st.MPI_SOURCE, 3, MPI_STATUS_IGNORE);
          }
        } else {
          int token = rank;
          send(&token, 1, 0, 1);
          recv(&token, 1, 0, 2, MPI_STATUS_IGNORE);
          send(&token, 1, 0, 3);
        }
        break;
      case 5: allgather(inputs, gathered, sizeof inputs); break;
      default: bcast(data, bcast_bytes[which - 6]); break;
      }
    }
    double elapsed = MPI_Wtime() - start;
    double per = elapsed / reps;
    if (which == 4 && size > 1)
      per /= size - 1; /* per acquisition */
    if (rank == 0)
      printf("RESULT mpi=%s usec=%.3f ranks=%d reps=%d wait=%s\n", names[which], per * 1e6, size,
             reps, polled ? "polled" : "blocking");
  }
  free(gathered);
  free(data);
  if (polled) {
    atomic_store(&probe_stop, 1);
    pthread_join(prober, NULL);
    MPI_Comm_free(&probe_comm);
  }
  MPI_Finalize();
  return 0;
}
