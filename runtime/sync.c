#include "sync.h"

#include "atomic.h"
#include "comm.h"
#include "error.h"
#include "hlrc.h"
#include "node.h"
#include "stats.h"
#include "team.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- Element-wise combination ----------------------------------------- */

#define ARITH_OPS(T)                                                            \
  case PARADE_OP_SUM: for (size_t i = 0; i < n; i++) d[i] = (T)(d[i] + s[i]); return 0; \
  case PARADE_OP_PROD: for (size_t i = 0; i < n; i++) d[i] = (T)(d[i] * s[i]); return 0; \
  case PARADE_OP_MIN: for (size_t i = 0; i < n; i++) if (s[i] < d[i]) d[i] = s[i]; return 0; \
  case PARADE_OP_MAX: for (size_t i = 0; i < n; i++) if (s[i] > d[i]) d[i] = s[i]; return 0; \
  case PARADE_OP_LAND: for (size_t i = 0; i < n; i++) d[i] = (T)(d[i] && s[i]); return 0; \
  case PARADE_OP_LOR: for (size_t i = 0; i < n; i++) d[i] = (T)(d[i] || s[i]); return 0;

#define BIT_OPS(T)                                                              \
  case PARADE_OP_BAND: for (size_t i = 0; i < n; i++) d[i] = (T)(d[i] & s[i]); return 0; \
  case PARADE_OP_BOR: for (size_t i = 0; i < n; i++) d[i] = (T)(d[i] | s[i]); return 0; \
  case PARADE_OP_BXOR: for (size_t i = 0; i < n; i++) d[i] = (T)(d[i] ^ s[i]); return 0;

#define INT_CASE(TAG, T)                                                        \
  case TAG: {                                                                   \
    T *d = inout;                                                               \
    const T *s = in;                                                            \
    switch (op) { ARITH_OPS(T) BIT_OPS(T) default: return EINVAL; }             \
  }
#define FLOAT_CASE(TAG, T)                                                      \
  case TAG: {                                                                   \
    T *d = inout;                                                               \
    const T *s = in;                                                            \
    switch (op) { ARITH_OPS(T) default: return EINVAL; }                        \
  }

static int combine_aligned(parade_type type, parade_op op, void *inout, const void *in, size_t n) {
  switch (type) {
    INT_CASE(PARADE_CHAR, char)
    INT_CASE(PARADE_SCHAR, signed char)
    INT_CASE(PARADE_UCHAR, unsigned char)
    INT_CASE(PARADE_SHORT, short)
    INT_CASE(PARADE_USHORT, unsigned short)
    INT_CASE(PARADE_INT, int)
    INT_CASE(PARADE_UINT, unsigned)
    INT_CASE(PARADE_LONG, long)
    INT_CASE(PARADE_ULONG, unsigned long)
    INT_CASE(PARADE_LLONG, long long)
    INT_CASE(PARADE_ULLONG, unsigned long long)
  case PARADE_BOOL: {
    _Bool *d = inout;
    const _Bool *s = in;
    for (size_t i = 0; i < n; i++) {
      switch (op) {
      case PARADE_OP_SUM: case PARADE_OP_MAX: case PARADE_OP_LOR: case PARADE_OP_BOR:
        d[i] = d[i] || s[i]; break;
      case PARADE_OP_PROD: case PARADE_OP_MIN: case PARADE_OP_LAND: case PARADE_OP_BAND:
        d[i] = d[i] && s[i]; break;
      case PARADE_OP_BXOR: d[i] = d[i] != s[i]; break;
      default: return EINVAL;
      }
    }
    return 0;
  }
    FLOAT_CASE(PARADE_FLOAT, float)
    FLOAT_CASE(PARADE_DOUBLE, double)
    FLOAT_CASE(PARADE_LDOUBLE, long double)
  default: return EINVAL;
  }
}

/* Reduction layouts are packed (a double may follow an int), and MPI hands
 * a user operator buffers of its own choosing: elements that are not on
 * their natural alignment are combined through aligned copies. */
int sync_combine(parade_type type, parade_op op, void *inout, const void *in, size_t n) {
  size_t size = sync_type_size(type);
  if (!size || (((uintptr_t)inout | (uintptr_t)in) & (size - 1)) == 0)
    return combine_aligned(type, op, inout, in, n);
  _Alignas(16) unsigned char a[1024], b[1024];
  size_t per_piece = sizeof a / size;
  for (size_t done = 0; done < n;) {
    size_t k = n - done < per_piece ? n - done : per_piece;
    unsigned char *d = (unsigned char *)inout + done * size;
    memcpy(a, d, k * size);
    memcpy(b, (const unsigned char *)in + done * size, k * size);
    int err = combine_aligned(type, op, a, b, k);
    if (err)
      return err;
    memcpy(d, a, k * size);
    done += k;
  }
  return 0;
}

size_t sync_type_size(parade_type type) {
  static const size_t sizes[PARADE_TYPE_COUNT] = {
      sizeof(char), sizeof(signed char), sizeof(unsigned char), sizeof(short),
      sizeof(unsigned short), sizeof(int), sizeof(unsigned), sizeof(long),
      sizeof(unsigned long), sizeof(long long), sizeof(unsigned long long), sizeof(float),
      sizeof(double), sizeof(long double), sizeof(_Bool)};
  return (unsigned)type < PARADE_TYPE_COUNT ? sizes[type] : 0;
}

/* ---- Reductions ---------------------------------------------------------- */

static size_t layout_bytes(const parade_reduce_var *vars, int nvars) {
  size_t total = 0;
  for (int v = 0; v < nvars; v++)
    total += vars[v].count * sync_type_size(vars[v].type);
  return total;
}

static void combine_packed(const parade_reduce_var *layout, int nvars, unsigned char *inout,
                           const unsigned char *in) {
  for (int v = 0; v < nvars; v++) {
    size_t bytes = layout[v].count * sync_type_size(layout[v].type);
    if (sync_combine(layout[v].type, layout[v].op, inout, in, layout[v].count))
      err_fatal("reduction operator %d is not defined on element type %d", layout[v].op,
                layout[v].type);
    inout += bytes;
    in += bytes;
  }
}

/* The MPI operator for merged reductions of mixed types or operators. MPI
 * gives it no context; the layout of the one reduction a node has in flight
 * is in node.sync. */
static void packed_op(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  for (int i = 0; i < *len; i++)
    combine_packed(node.sync.layout, node.sync.layout_count, inout, in);
}

static MPI_Datatype mpi_type_of(parade_type type) {
  switch (type) {
  case PARADE_CHAR: return MPI_CHAR;
  case PARADE_SCHAR: return MPI_SIGNED_CHAR;
  case PARADE_UCHAR: return MPI_UNSIGNED_CHAR;
  case PARADE_SHORT: return MPI_SHORT;
  case PARADE_USHORT: return MPI_UNSIGNED_SHORT;
  case PARADE_INT: return MPI_INT;
  case PARADE_UINT: return MPI_UNSIGNED;
  case PARADE_LONG: return MPI_LONG;
  case PARADE_ULONG: return MPI_UNSIGNED_LONG;
  case PARADE_LLONG: return MPI_LONG_LONG;
  case PARADE_ULLONG: return MPI_UNSIGNED_LONG_LONG;
  case PARADE_FLOAT: return MPI_FLOAT;
  case PARADE_DOUBLE: return MPI_DOUBLE;
  case PARADE_LDOUBLE: return MPI_LONG_DOUBLE;
  default: return MPI_DATATYPE_NULL;
  }
}

static MPI_Op mpi_op_of(parade_type type, parade_op op) {
  int is_float = type == PARADE_FLOAT || type == PARADE_DOUBLE || type == PARADE_LDOUBLE;
  switch (op) {
  case PARADE_OP_SUM: return MPI_SUM;
  case PARADE_OP_PROD: return MPI_PROD;
  case PARADE_OP_MIN: return MPI_MIN;
  case PARADE_OP_MAX: return MPI_MAX;
  /* MPI defines logical and bitwise operators on integers only. */
  case PARADE_OP_LAND: return is_float ? MPI_OP_NULL : MPI_LAND;
  case PARADE_OP_LOR: return is_float ? MPI_OP_NULL : MPI_LOR;
  case PARADE_OP_BAND: return is_float ? MPI_OP_NULL : MPI_BAND;
  case PARADE_OP_BOR: return is_float ? MPI_OP_NULL : MPI_BOR;
  case PARADE_OP_BXOR: return is_float ? MPI_OP_NULL : MPI_BXOR;
  default: return MPI_OP_NULL;
  }
}

static void ensure_buffer(size_t bytes) {
  if (bytes <= node.sync.cap)
    return;
  free(node.sync.buf);
  node.sync.cap = bytes < 256 ? 256 : bytes;
  node.sync.buf = malloc(node.sync.cap);
  if (!node.sync.buf)
    err_fatal("out of memory for a collective of %zu bytes", bytes);
}

/* MPI counts are ints: a collective over more elements than that moves in
 * pieces of at most this many (fewer when a test asks, so that the
 * pieces are seen without gigabytes of data). */
static size_t chunk_elements(void) {
  return node.opt.test_collective_chunk > 0 ? (size_t)node.opt.test_collective_chunk
                                            : (size_t)1 << 28;
}

/* All-reduce @p count elements of @p size bytes in place, in pieces. */
static void allreduce_chunked(unsigned char *buf, size_t count, size_t size, MPI_Datatype type,
                              MPI_Op op) {
  for (size_t done = 0; done < count;) {
    size_t n = count - done < chunk_elements() ? count - done : chunk_elements();
    MPI_Request req;
    MPI_Iallreduce(MPI_IN_PLACE, buf + done * size, (int)n, type, op, team_comm(), &req);
    comm_wait_mpi(&req);
    done += n;
  }
}

static void allreduce_leader(void) {
  const parade_reduce_var *vars = node.sync.contrib[0];
  int nvars = node.sync.layout_count;
  size_t total = layout_bytes(vars, nvars);
  ensure_buffer(total);
  unsigned char *buf = node.sync.buf;
  /* Pack thread 0's partials, then fold in the others in thread order. */
  size_t off = 0;
  for (int v = 0; v < nvars; v++) {
    size_t bytes = vars[v].count * sync_type_size(vars[v].type);
    memcpy(buf + off, vars[v].data, bytes);
    off += bytes;
  }
  for (int t = 1; t < team_local_count(); t++) {
    const parade_reduce_var *theirs = node.sync.contrib[t];
    off = 0;
    for (int v = 0; v < nvars; v++) {
      size_t bytes = vars[v].count * sync_type_size(vars[v].type);
      if (sync_combine(vars[v].type, vars[v].op, buf + off, theirs[v].data, vars[v].count))
        err_fatal("reduction operator %d is not defined on element type %d", vars[v].op,
                  vars[v].type);
      off += bytes;
    }
  }
  if (team_participants() <= 1 || total == 0)
    return;
  uint64_t start = stats_now_ns();
  int uniform = 1;
  for (int v = 1; v < nvars; v++)
    uniform &= vars[v].type == vars[0].type && vars[v].op == vars[0].op;
  MPI_Datatype type = mpi_type_of(vars[0].type);
  MPI_Op op = mpi_op_of(vars[0].type, vars[0].op);
  MPI_Request req;
  if (uniform && type != MPI_DATATYPE_NULL && op != MPI_OP_NULL) {
    allreduce_chunked(buf, total / sync_type_size(vars[0].type), sync_type_size(vars[0].type),
                      type, op);
  } else if (total > chunk_elements()) {
    /* Too large for one packed element: variable by variable. */
    size_t off = 0;
    for (int v = 0; v < nvars; v++) {
      size_t size = sync_type_size(vars[v].type);
      MPI_Datatype vtype = mpi_type_of(vars[v].type);
      MPI_Op vop = mpi_op_of(vars[v].type, vars[v].op);
      if (vtype == MPI_DATATYPE_NULL || vop == MPI_OP_NULL)
        err_fatal("a reduction of %zu bytes over element type %d and operator %d is too large "
                  "for one collective",
                  total, vars[v].type, vars[v].op);
      allreduce_chunked(buf + off, vars[v].count, size, vtype, vop);
      off += vars[v].count * size;
    }
  } else {
    MPI_Datatype packed;
    MPI_Op packed_mpi_op;
    MPI_Type_contiguous((int)total, MPI_BYTE, &packed);
    MPI_Type_commit(&packed);
    MPI_Op_create(packed_op, 1, &packed_mpi_op);
    node.sync.layout = vars;
    MPI_Iallreduce(MPI_IN_PLACE, buf, 1, packed, packed_mpi_op, team_comm(), &req);
    comm_wait_mpi(&req);
    node.sync.layout = NULL;
    MPI_Op_free(&packed_mpi_op);
    MPI_Type_free(&packed);
  }
  STAT_INC(collectives);
  STAT_ADD(collective_ns, stats_now_ns() - start);
}

void parade_allreduce(parade_reduce_var *vars, int nvars) {
  if (nvars <= 0 || parade_num_threads() <= 1)
    return;
  for (int v = 0; v < nvars; v++)
    if (!sync_type_size(vars[v].type) || (unsigned)vars[v].op >= PARADE_OP_COUNT)
      err_fatal("parade_allreduce: bad type %d or operator %d", vars[v].type, vars[v].op);
  node.sync.contrib[parade_local_thread_num()] = vars;
  if (parade_local_thread_num() == 0) /* every thread has the same count: one writes it */
    node.sync.layout_count = nvars;
  team_node_barrier(allreduce_leader);
  size_t off = 0;
  for (int v = 0; v < nvars; v++) {
    size_t bytes = vars[v].count * sync_type_size(vars[v].type);
    memcpy(vars[v].data, node.sync.buf + off, bytes);
    off += bytes;
  }
}

/* ---- Broadcast ---------------------------------------------------------- */

/* The leader's part of a broadcast: @p len bytes of the node buffer from
 * @p root_node to every node of the team. */
static void node_bcast(size_t len, int root_node) {
  if (team_participants() <= 1 || len == 0)
    return;
  uint64_t start = stats_now_ns();
  for (size_t done = 0; done < len;) {
    size_t n = len - done < chunk_elements() ? len - done : chunk_elements();
    MPI_Request req;
    MPI_Ibcast(node.sync.buf + done, (int)n, MPI_BYTE, root_node, team_comm(), &req);
    comm_wait_mpi(&req);
    done += n;
  }
  STAT_INC(collectives);
  STAT_ADD(collective_ns, stats_now_ns() - start);
}

static void bcast_leader(void) {
  size_t len = node.sync.bcast_len;
  ensure_buffer(len);
  int root = node.sync.bcast_root;
  int root_node = team_node_of_thread(root);
  if (root_node == node.rank)
    memcpy(node.sync.buf, node.sync.contrib[root - team_first_global()], len);
  node_bcast(len, root_node);
}

void parade_bcast(void *buf, size_t len, int root) {
  if (parade_num_threads() <= 1)
    return;
  if (root < 0 || root >= parade_num_threads())
    err_fatal("parade_bcast: root thread %d is not in the team of %d", root,
              parade_num_threads());
  node.sync.contrib[parade_local_thread_num()] = buf;
  if (parade_local_thread_num() == 0) { /* the same for every thread: one writes */
    node.sync.bcast_len = len;
    node.sync.bcast_root = root;
  }
  team_node_barrier(bcast_leader);
  if (parade_thread_num() != root)
    memcpy(buf, node.sync.buf, len);
}

/* ---- Collective updates of shared data ---------------------------------- */

/* A collective that stands in for a barrier (single) or a lock (critical,
 * atomic) keeps its memory semantics: every node's writes reach their
 * homes (release), the nodes exchange the notices of the pages they wrote,
 * and each drops its copies of pages others wrote (acquire). So a thread
 * that reads, after the construct, data another node wrote before it sees
 * the new values. The leader runs this with the node's threads parked,
 * before the collective's own data moves. */
static void collective_release_acquire(void) {
  int participants = team_participants();
  if (node.size == 1 || participants <= 1)
    return;
  hlrc_release();
  uint64_t *mine;
  size_t n = hlrc_written_notices(&mine);
  if (n > INT_MAX)
    err_fatal("%zu write notices in one collective (at most %d)", n, INT_MAX);
  int my_count = (int)n;
  int *counts = malloc(2 * (size_t)participants * sizeof *counts);
  if (!counts)
    err_fatal("out of memory exchanging write notices");
  int *displs = counts + participants;
  MPI_Request req;
  MPI_Iallgather(&my_count, 1, MPI_INT, counts, 1, MPI_INT, team_comm(), &req);
  comm_wait_mpi(&req);
  size_t total = 0;
  for (int r = 0; r < participants; r++) {
    if (total > (size_t)INT_MAX - (size_t)counts[r])
      err_fatal("too many write notices in one collective");
    displs[r] = (int)total;
    total += (size_t)counts[r];
  }
  if (total > 0) { /* the same test on every node: all take part or none */
    uint64_t *all = malloc(total * sizeof *all);
    if (!all)
      err_fatal("out of memory exchanging write notices");
    MPI_Iallgatherv(mine, my_count, MPI_UINT64_T, all, counts, displs, MPI_UINT64_T,
                    team_comm(), &req);
    comm_wait_mpi(&req);
    hlrc_acquire(all, total);
    free(all);
    STAT_INC(collectives);
  }
  STAT_INC(collectives);
  free(counts);
  free(mine);
}

static void **store_targets;
static int store_count;
static const size_t *store_sizes;

/* The node's leader turns the team's total into new values of the targets
 * and stores them in this node's copies. The old values are read before
 * this node contributes: until every node has contributed no node can
 * finish the all-reduce, so no home has made this round's store yet, and a
 * copy fetched now still holds the old value on every node. */
static void reduce_store_leader(void) {
  collective_release_acquire();
  const parade_reduce_var *vars = node.sync.contrib[0];
  unsigned char old[PARADE_SMALL_MAX];
  size_t total = 0;
  for (int v = 0; v < store_count; v++) {
    size_t bytes = vars[v].count * sync_type_size(vars[v].type);
    if (total + bytes > sizeof old)
      err_fatal("parade_reduce_store: more than %zu bytes of shared data", sizeof old);
    memcpy(old + total, store_targets[v], bytes);
    total += bytes;
  }
  allreduce_leader();
  size_t off = 0;
  for (int v = 0; v < store_count; v++) {
    size_t bytes = vars[v].count * sync_type_size(vars[v].type);
    if (sync_combine(vars[v].type, vars[v].op, old + off, node.sync.buf + off, vars[v].count))
      err_fatal("reduction operator %d is not defined on element type %d", vars[v].op,
                vars[v].type);
    hlrc_collective_store(store_targets[v], old + off, bytes);
    off += bytes;
  }
  hlrc_collective_stores_done();
}

/* A team on some of the ranks only: the ranks outside it make no stores,
 * so take the conventional path (one DSM write, then a barrier). */
static int partial_team(void) {
  return node.size > 1 && team_participants() < node.size;
}

void parade_reduce_store(parade_reduce_var *contributions, void **targets, int n) {
  atomic_flush_deferred();
  if (n <= 0)
    return;
  if (parade_num_threads() <= 1) {
    for (int v = 0; v < n; v++)
      if (sync_combine(contributions[v].type, contributions[v].op, targets[v],
                       contributions[v].data, contributions[v].count))
        err_fatal("reduction operator %d is not defined on element type %d",
                  contributions[v].op, contributions[v].type);
    return;
  }
  if (partial_team()) {
    parade_allreduce(contributions, n);
    if (parade_thread_num() == 0)
      for (int v = 0; v < n; v++)
        sync_combine(contributions[v].type, contributions[v].op, targets[v],
                     contributions[v].data, contributions[v].count);
    parade_barrier();
    return;
  }
  node.sync.contrib[parade_local_thread_num()] = contributions;
  if (parade_local_thread_num() == 0) { /* the same for every thread: one writes */
    node.sync.layout_count = n;
    store_targets = targets;
    store_count = n;
  }
  team_node_barrier(reduce_store_leader);
}

static void bcast_store_leader(void) {
  collective_release_acquire();
  size_t total = 0;
  for (int v = 0; v < store_count; v++)
    total += store_sizes[v];
  ensure_buffer(total);
  int root_node = team_node_of_thread(node.sync.bcast_root);
  if (root_node == node.rank) {
    size_t off = 0;
    for (int v = 0; v < store_count; v++) {
      memcpy(node.sync.buf + off, store_targets[v], store_sizes[v]);
      off += store_sizes[v];
    }
  }
  node_bcast(total, root_node);
  if (root_node != node.rank) {
    size_t off = 0;
    for (int v = 0; v < store_count; v++) {
      hlrc_collective_store(store_targets[v], node.sync.buf + off, store_sizes[v]);
      off += store_sizes[v];
    }
  }
  hlrc_collective_stores_done();
}

void parade_bcast_store(void **targets, const size_t *sizes, int n, int root) {
  atomic_flush_deferred();
  if (parade_num_threads() <= 1)
    return;
  if (partial_team()) {
    parade_barrier();
    return;
  }
  if (parade_local_thread_num() == 0) { /* the same for every thread: one writes */
    node.sync.bcast_root = root;
    store_targets = targets;
    store_sizes = sizes;
    store_count = n;
  }
  team_node_barrier(bcast_store_leader);
}

/* ---- Lock records --------------------------------------------------- */

struct lock_waiter {
  int node;
  uint64_t slot;
  int64_t turn; /* ordered locks: the iteration asking; -1 otherwise */
};

struct lock_rec {
  struct lock_rec *next;
  uint64_t id;
  int held;
  uint64_t epoch;
  struct lock_waiter *queue;
  size_t qhead, qlen, qcap;
  uint64_t *notices;
  size_t nnotices, ncap, nunique;
  pthread_mutex_t mutex; /* P = 1 */
  /* Ordered locks (the ordered construct): granted in iteration order;
   * the record goes once the last of the loop's turns has passed. */
  int ordered;
  int64_t next_turn, turns;
  pthread_cond_t turn_changed; /* P = 1 */
};

static void sync_on_lock_req(int src, const struct msg_hdr *hdr, const void *payload);
static void sync_on_lock_rel(int src, const struct msg_hdr *hdr, const void *payload);

void sync_init(void) {
  comm_register(MSG_LOCK_REQ, sync_on_lock_req);
  comm_register(MSG_LOCK_REL, sync_on_lock_rel);
  node.sync.lock_buckets = 1024;
  node.sync.lock_table = calloc(node.sync.lock_buckets, sizeof *node.sync.lock_table);
  if (!node.sync.lock_table)
    err_fatal("out of memory for the lock table");
  pthread_mutex_init(&node.sync.lock_table_lock, NULL);
  atomic_init(&node.sync.next_lock, 1);
}

static struct lock_rec *lock_find(uint64_t id) {
  size_t bucket = (size_t)((id * 0x9e3779b97f4a7c15ull) >> 40) % node.sync.lock_buckets;
  pthread_mutex_lock(&node.sync.lock_table_lock);
  struct lock_rec *rec = node.sync.lock_table[bucket];
  while (rec && rec->id != id)
    rec = rec->next;
  if (!rec) {
    rec = calloc(1, sizeof *rec);
    if (!rec)
      err_fatal("out of memory for a lock");
    rec->id = id;
    pthread_mutex_init(&rec->mutex, NULL);
    pthread_cond_init(&rec->turn_changed, NULL);
    rec->next = node.sync.lock_table[bucket];
    node.sync.lock_table[bucket] = rec;
    STAT_INC(lock_records);
  }
  pthread_mutex_unlock(&node.sync.lock_table_lock);
  return rec;
}

/* Drop a record nobody can name any more (an ordered lock whose loop has
 * passed every turn). The caller holds no reference to it afterwards. */
static void lock_forget(struct lock_rec *rec) {
  size_t bucket = (size_t)((rec->id * 0x9e3779b97f4a7c15ull) >> 40) % node.sync.lock_buckets;
  pthread_mutex_lock(&node.sync.lock_table_lock);
  struct lock_rec **link = &node.sync.lock_table[bucket];
  while (*link && *link != rec)
    link = &(*link)->next;
  if (*link)
    *link = rec->next;
  pthread_mutex_unlock(&node.sync.lock_table_lock);
  pthread_mutex_destroy(&rec->mutex);
  pthread_cond_destroy(&rec->turn_changed);
  free(rec->queue);
  free(rec->notices);
  free(rec);
  STAT_ADD(lock_records, -1);
}

static int compare_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static void lock_new_epoch(struct lock_rec *rec, uint64_t epoch) {
  if (epoch > rec->epoch) {
    /* A barrier since: every node already saw what the notices say. */
    rec->epoch = epoch;
    rec->nnotices = rec->nunique = 0;
  }
}

static void lock_add_notices(struct lock_rec *rec, const uint64_t *notices, size_t n) {
  if (rec->nnotices + n > rec->ncap) {
    size_t cap = rec->ncap ? rec->ncap : 64;
    while (cap < rec->nnotices + n)
      cap *= 2;
    uint64_t *grown = realloc(rec->notices, cap * sizeof *grown);
    if (!grown)
      err_fatal("out of memory for lock notices");
    rec->notices = grown;
    rec->ncap = cap;
  }
  memcpy(rec->notices + rec->nnotices, notices, n * sizeof *notices);
  rec->nnotices += n;
  if (rec->nnotices > 2 * rec->nunique + 64) {
    qsort(rec->notices, rec->nnotices, sizeof *rec->notices, compare_u64);
    size_t out = 0;
    for (size_t i = 0; i < rec->nnotices; i++)
      if (out == 0 || rec->notices[out - 1] != rec->notices[i])
        rec->notices[out++] = rec->notices[i];
    rec->nnotices = rec->nunique = out;
  }
}

static void lock_grant(struct lock_rec *rec, int dest, uint64_t slot) {
  comm_reply(dest, slot, 1, rec->notices, rec->nnotices * sizeof *rec->notices);
}

static void lock_enqueue(struct lock_rec *rec, struct lock_waiter w) {
  if (rec->qhead + rec->qlen == rec->qcap) {
    if (rec->qhead) {
      memmove(rec->queue, rec->queue + rec->qhead, rec->qlen * sizeof *rec->queue);
      rec->qhead = 0;
    } else {
      size_t cap = rec->qcap ? rec->qcap * 2 : 16;
      struct lock_waiter *grown = realloc(rec->queue, cap * sizeof *grown);
      if (!grown)
        err_fatal("out of memory queueing a lock request");
      rec->queue = grown;
      rec->qcap = cap;
    }
  }
  rec->queue[rec->qhead + rec->qlen++] = w;
}

static void sync_on_lock_req(int src, const struct msg_hdr *hdr, const void *payload) {
  struct lock_rec *rec = lock_find(hdr->a);
  lock_new_epoch(rec, hdr->b);
  uint64_t slot = hdr->c & ~LOCK_TRY_BIT;
  int64_t turn = -1;
  if (hdr->len == 2 * sizeof turn) {
    memcpy(&turn, payload, sizeof turn);
    memcpy(&rec->turns, (const char *)payload + sizeof turn, sizeof rec->turns);
    rec->ordered = 1;
  }
  if (!rec->held && (turn < 0 || turn == rec->next_turn)) {
    rec->held = 1;
    lock_grant(rec, src, slot);
  } else if (hdr->c & LOCK_TRY_BIT) {
    comm_reply(src, slot, 0, NULL, 0);
  } else {
    lock_enqueue(rec, (struct lock_waiter){src, slot, turn});
  }
}

static void sync_on_lock_rel(int src, const struct msg_hdr *hdr, const void *payload) {
  struct lock_rec *rec = lock_find(hdr->a);
  if (!rec->held)
    err_fatal("rank %d released lock %#llx, which is not held", src, (unsigned long long)hdr->a);
  lock_new_epoch(rec, hdr->b);
  lock_add_notices(rec, payload, hdr->len / sizeof(uint64_t));
  if (rec->ordered) {
    /* The next iteration's request may be anywhere in the queue. */
    rec->next_turn++;
    rec->held = 0;
    if (rec->next_turn >= rec->turns && rec->qlen == 0) {
      lock_forget(rec);
      return;
    }
    for (size_t i = 0; i < rec->qlen; i++) {
      struct lock_waiter w = rec->queue[rec->qhead + i];
      if (w.turn != rec->next_turn)
        continue;
      memmove(rec->queue + rec->qhead + i, rec->queue + rec->qhead + i + 1,
              (rec->qlen - i - 1) * sizeof *rec->queue);
      rec->qlen--;
      rec->held = 1;
      lock_grant(rec, w.node, w.slot);
      break;
    }
  } else if (rec->qlen) {
    struct lock_waiter next = rec->queue[rec->qhead++];
    rec->qlen--;
    lock_grant(rec, next.node, next.slot);
  } else {
    rec->held = 0;
  }
}

/* ---- Lock API ------------------------------------------------------------ */

static int manager_of(uint64_t id) { return (int)(id % (uint64_t)node.size); }

/* Acquire lock @p id; an ordered lock (@p turn >= 0) only once every
 * earlier turn has released it. */
static int lock_acquire_turn(uint64_t id, int try_only, int64_t turn, int64_t turns) {
  uint64_t start = stats_now_ns();
  if (node.size == 1) {
    struct lock_rec *rec = lock_find(id);
    int got = 1;
    if (try_only) {
      got = pthread_mutex_trylock(&rec->mutex) == 0;
    } else {
      pthread_mutex_lock(&rec->mutex);
      if (turn >= 0) {
        rec->ordered = 1;
        rec->turns = turns;
        while (rec->next_turn != turn)
          pthread_cond_wait(&rec->turn_changed, &rec->mutex);
      }
    }
    if (got)
      STAT_INC(lock_acquires);
    STAT_ADD(lock_ns, stats_now_ns() - start);
    return got;
  }
  struct wait_slot *slot = comm_my_slot();
  uint64_t tag = comm_slot_index(slot) | (try_only ? LOCK_TRY_BIT : 0);
  int64_t ordered[2] = {turn, turns};
  comm_expect(slot, 1, NULL, 0);
  comm_send(manager_of(id), MSG_LOCK_REQ, id, atomic_load(&node.hlrc.epoch), tag,
            turn >= 0 ? ordered : NULL, turn >= 0 ? sizeof ordered : 0);
  comm_slot_wait(slot);
  int granted = slot->value != 0;
  if (granted) {
    hlrc_acquire(slot->reply, slot->reply_len / sizeof(uint64_t));
    STAT_INC(lock_acquires);
  }
  free(slot->reply);
  slot->reply = NULL;
  STAT_ADD(lock_ns, stats_now_ns() - start);
  return granted;
}

static int lock_acquire_id(uint64_t id, int try_only) {
  return lock_acquire_turn(id, try_only, -1, 0);
}

static void lock_release_id(uint64_t id) {
  if (node.size == 1) {
    struct lock_rec *rec = lock_find(id);
    if (rec->ordered) {
      rec->next_turn++;
      if (rec->next_turn >= rec->turns) {
        /* The loop's last turn: every other thread is past this lock. */
        pthread_mutex_unlock(&rec->mutex);
        lock_forget(rec);
        return;
      }
      pthread_cond_broadcast(&rec->turn_changed);
    }
    pthread_mutex_unlock(&rec->mutex);
    return;
  }
  hlrc_release();
  uint64_t *notices;
  size_t n = hlrc_lock_notices(&notices);
  comm_send(manager_of(id), MSG_LOCK_REL, id, atomic_load(&node.hlrc.epoch), 0, notices,
            n * sizeof *notices);
  free(notices);
}

static void check_lock(const parade_lock_t *lock) {
  if (lock->id == 0)
    err_fatal("use of a lock that was never initialised (omp_init_lock)");
}

void parade_lock_init(parade_lock_t *lock) {
  /* Unique job-wide without talking to anyone: the rank is in the id. */
  lock->id = ((uint64_t)(node.rank + 1) << 40) | atomic_fetch_add(&node.sync.next_lock, 1);
}

void parade_lock_acquire(parade_lock_t *lock) {
  check_lock(lock);
  atomic_flush_deferred();
  lock_acquire_id(lock->id, 0);
}

int parade_lock_try(parade_lock_t *lock) {
  check_lock(lock);
  atomic_flush_deferred();
  return lock_acquire_id(lock->id, 1);
}

void parade_lock_release(parade_lock_t *lock) {
  check_lock(lock);
  atomic_flush_deferred();
  lock_release_id(lock->id);
}

static uint64_t critical_id(const char *name) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (const char *p = name ? name : ""; *p; p++)
    hash = (hash ^ (unsigned char)*p) * 0x100000001b3ull;
  return hash | (1ull << 63); /* never collides with parade_lock_init ids */
}

void parade_critical_enter(const char *name) {
  atomic_flush_deferred();
  lock_acquire_id(critical_id(name), 0);
}
void parade_critical_exit(const char *name) {
  atomic_flush_deferred();
  lock_release_id(critical_id(name));
}

/* The ordered construct: one ordered lock per work-shared loop, taken in
 * iteration order. Ids with bit 62 set are ordered locks (bit 63 marks
 * critical sections; parade_lock_init ids stay below 2^56). */
static uint64_t ordered_id(const parade_loop *loop) { return (1ull << 62) | (uint64_t)loop->id; }

void parade_ordered_begin(parade_loop *loop, long long iteration) {
  atomic_flush_deferred();
  if (parade_num_threads() <= 1)
    return;
  lock_acquire_turn(ordered_id(loop), 0, iteration, loop->count);
}

void parade_ordered_end(parade_loop *loop, long long iteration) {
  atomic_flush_deferred();
  (void)iteration;
  if (parade_num_threads() <= 1)
    return;
  lock_release_id(ordered_id(loop));
}

/* A flush is both halves of a synchronisation: this node's writes go to
 * their homes (release), and cached copies of pages homed elsewhere are
 * dropped (acquire), so a flag another node wrote and flushed is seen. */
void parade_flush(void) {
  atomic_flush_deferred();
  if (node.size == 1)
    return;
  hlrc_release();
  hlrc_acquire_pages(0, node.vm.npages);
}

void parade_flush_list(const void *const *addrs, const size_t *sizes, int count) {
  atomic_flush_deferred();
  if (node.size == 1)
    return;
  hlrc_release();
  for (int i = 0; i < count; i++) {
    if (sizes[i] == 0 || !vm_contains(&node.vm, addrs[i]))
      continue; /* private data: nothing to fetch */
    size_t first = vm_page_of(&node.vm, addrs[i]);
    size_t last = vm_page_of(&node.vm, (const char *)addrs[i] + sizes[i] - 1);
    hlrc_acquire_pages(first, last - first + 1);
  }
}
