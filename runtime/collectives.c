#include "collectives.h"

#include "atomic.h"
#include "combine.h"
#include "comm.h"
#include "error.h"
#include "hlrc.h"
#include "node.h"
#include "stats.h"
#include "streams.h"
#include "task.h"
#include "team.h"
#include "team_shape.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- Reductions ---------------------------------------------------------- */

static size_t layout_bytes(const parade_reduce_var *vars, int nvars) {
  size_t total = 0;
  for (int v = 0; v < nvars; v++)
    total += vars[v].count * combine_type_size(vars[v].type);
  return total;
}

/* A thread's partials, packed into @p buf in the layout's order. */
static void pack_partials(const parade_reduce_var *vars, int nvars, unsigned char *buf) {
  for (int v = 0; v < nvars; v++) {
    size_t bytes = vars[v].count * combine_type_size(vars[v].type);
    memcpy(buf, vars[v].data, bytes);
    buf += bytes;
  }
}

/* The packed values at @p buf, back into a thread's variables. */
static void unpack_partials(parade_reduce_var *vars, int nvars, const unsigned char *buf) {
  for (int v = 0; v < nvars; v++) {
    size_t bytes = vars[v].count * combine_type_size(vars[v].type);
    memcpy(vars[v].data, buf, bytes);
    buf += bytes;
  }
}

/* Fold another thread's partials (@p theirs, same layout) into @p buf. */
static void fold_partials(const parade_reduce_var *layout, int nvars, unsigned char *buf,
                          const parade_reduce_var *theirs) {
  for (int v = 0; v < nvars; v++) {
    if (combine_elements(layout[v].type, layout[v].op, buf, theirs[v].data, layout[v].count))
      err_fatal("reduction operator %d is not defined on element type %d", layout[v].op,
                layout[v].type);
    buf += layout[v].count * combine_type_size(layout[v].type);
  }
}

/* The entry checks of a collective over @p vars, named @p who. */
static void check_vars(const parade_reduce_var *vars, int nvars, const char *who) {
  for (int v = 0; v < nvars; v++)
    if (!combine_type_size(vars[v].type) || (unsigned)vars[v].op >= PARADE_OP_COUNT)
      err_fatal("%s: bad type %d or operator %d", who, vars[v].type, vars[v].op);
}

static void combine_packed(const parade_reduce_var *layout, int nvars, unsigned char *inout,
                           const unsigned char *in) {
  for (int v = 0; v < nvars; v++) {
    size_t bytes = layout[v].count * combine_type_size(layout[v].type);
    if (combine_elements(layout[v].type, layout[v].op, inout, in, layout[v].count))
      err_fatal("reduction operator %d is not defined on element type %d", layout[v].op,
                layout[v].type);
    inout += bytes;
    in += bytes;
  }
}

/* The MPI operator for merged reductions of mixed types or operators. MPI
 * gives it no context; the layout of the one reduction a node has in flight
 * is in node.collectives. */
static void packed_op(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  for (int i = 0; i < *len; i++)
    combine_packed(node.collectives.layout, node.collectives.layout_count, inout, in);
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
  if (node.collectives.buf && bytes <= node.collectives.cap)
    return;
  free(node.collectives.buf);
  node.collectives.cap = bytes < 256 ? 256 : bytes;
  node.collectives.buf = malloc(node.collectives.cap);
  if (!node.collectives.buf)
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
    comm_wait_mpi_bulk(&req, n * size);
    done += n;
  }
}

/* One MPI collective among the team's nodes over one element of @p bytes
 * bytes, combined by @p fn (MPI gives it no context: the caller leaves what
 * it needs in node.collectives): an all-reduce in place in @p out, or
 * (@p in not NULL) an exclusive scan of @p in into @p out. @p commute: the
 * operator may combine in any order, else in rank order. The caller keeps
 * @p bytes within an int. */
static void packed_collective(const void *in, void *out, size_t bytes, MPI_User_function *fn,
                              int commute) {
  MPI_Datatype packed;
  MPI_Op op;
  MPI_Type_contiguous((int)bytes, MPI_BYTE, &packed);
  MPI_Type_commit(&packed);
  MPI_Op_create(fn, commute, &op);
  MPI_Request req;
  if (in)
    MPI_Iexscan(in, out, 1, packed, op, team_comm(), &req);
  else
    MPI_Iallreduce(MPI_IN_PLACE, out, 1, packed, op, team_comm(), &req);
  comm_wait_mpi(&req);
  MPI_Op_free(&op);
  MPI_Type_free(&packed);
}

static void allreduce_leader(void) {
  const parade_reduce_var *vars = node.collectives.contrib[0];
  int nvars = node.collectives.layout_count;
  size_t total = layout_bytes(vars, nvars);
  ensure_buffer(total);
  unsigned char *buf = node.collectives.buf;
  /* Pack thread 0's partials, then fold in the others in thread order. */
  pack_partials(vars, nvars, buf);
  for (int t = 1; t < team_local_count(); t++)
    fold_partials(vars, nvars, buf, node.collectives.contrib[t]);
  if (team_participants() <= 1 || total == 0)
    return;
  uint64_t start = stats_now_ns();
  int uniform = 1;
  for (int v = 1; v < nvars; v++)
    uniform &= vars[v].type == vars[0].type && vars[v].op == vars[0].op;
  MPI_Datatype type = mpi_type_of(vars[0].type);
  MPI_Op op = mpi_op_of(vars[0].type, vars[0].op);
  if (uniform && type != MPI_DATATYPE_NULL && op != MPI_OP_NULL) {
    allreduce_chunked(buf, total / combine_type_size(vars[0].type), combine_type_size(vars[0].type),
                      type, op);
  } else if (total > chunk_elements()) {
    /* Too large for one packed element: variable by variable. */
    size_t off = 0;
    for (int v = 0; v < nvars; v++) {
      size_t size = combine_type_size(vars[v].type);
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
    node.collectives.layout = vars;
    packed_collective(NULL, buf, total, packed_op, 1);
    node.collectives.layout = NULL;
  }
  STAT_INC(collectives);
  STAT_ADD(collective_ns, stats_now_ns() - start);
}

void parade_allreduce(parade_reduce_var *vars, int nvars) {
  if (nvars <= 0 || parade_num_threads() <= 1)
    return;
  check_vars(vars, nvars, "parade_allreduce");
  node.collectives.contrib[parade_local_thread_num()] = vars;
  if (parade_local_thread_num() == 0) /* every thread has the same count: one writes it */
    node.collectives.layout_count = nvars;
  team_node_barrier(allreduce_leader);
  unpack_partials(vars, nvars, node.collectives.buf);
}

/* ---- Reductions at the join ----------------------------------------------- */

/* Partials of a region's reduction up to this size ride on its join's
 * allgather of write notices (every node receives every node's); more take
 * an allreduce of their own. */
#define JOIN_INLINE_BYTES 1024

/* A thread's partials, packed, until the join reads them (the region's
 * frame, where they were, is gone by then). */
static __thread unsigned char *join_slot;
static __thread size_t join_slot_cap;

static void join_apply(void *const *targets, const parade_reduce_var *layout, int n,
                       const unsigned char *total) {
  for (int v = 0; v < n; v++) {
    if (combine_elements(layout[v].type, layout[v].op, targets[v], total, layout[v].count))
      err_fatal("reduction operator %d is not defined on element type %d", layout[v].op,
                layout[v].type);
    total += layout[v].count * combine_type_size(layout[v].type);
  }
}

static void *join_partial(size_t *len);
static void join_finish(void *all, int nodes);

void parade_reduce_at_join(parade_reduce_var *partials, void *const *targets, int n) {
  if (n <= 0)
    return;
  check_vars(partials, n, "parade_reduce_at_join");
  size_t bytes = layout_bytes(partials, n);
  /* The same test on every thread of the team and every node. */
  if (parade_num_threads() <= 1 || parade_level() != 1 || bytes > JOIN_INLINE_BYTES) {
    parade_allreduce(partials, n);
    if (parade_thread_num() != 0)
      return;
    /* A team serialized inside an active region combines into an original
     * that threads of the enclosing team may be combining into too. */
    int nest = parade_level() > 1 && parade_in_parallel();
    if (nest)
      parade_critical_enter("parade.reduction");
    for (int v = 0; v < n; v++)
      join_apply(&targets[v], &partials[v], 1, partials[v].data);
    if (nest)
      parade_critical_exit("parade.reduction");
    return;
  }
  if (bytes > join_slot_cap) {
    free(join_slot);
    join_slot = malloc(bytes);
    if (!join_slot)
      err_fatal("out of memory for a reduction of %zu bytes", bytes);
    join_slot_cap = bytes;
  }
  pack_partials(partials, n, join_slot);
  int local = parade_local_thread_num();
  node.collectives.contrib[local] = join_slot;
  if (local == 0) { /* the same layout on every thread: one writes it */
    if (node.collectives.join_count)
      err_fatal("two reductions at one region's join");
    if (n > node.collectives.join_cap) {
      free(node.collectives.join_layout);
      free(node.collectives.join_targets);
      node.collectives.join_layout = malloc((size_t)n * sizeof *node.collectives.join_layout);
      node.collectives.join_targets = malloc((size_t)n * sizeof *node.collectives.join_targets);
      if (!node.collectives.join_layout || !node.collectives.join_targets)
        err_fatal("out of memory for a reduction of %d variables", n);
      node.collectives.join_cap = n;
    }
    for (int v = 0; v < n; v++) {
      node.collectives.join_layout[v] = partials[v];
      node.collectives.join_layout[v].data = NULL;
      node.collectives.join_targets[v] = parade_thread_num() == 0 ? targets[v] : NULL;
    }
    node.collectives.join_bytes = bytes;
    node.collectives.join_count = n;
    node.team.join_partial = join_partial;
    node.team.join_finish = join_finish;
  }
}

/* The reduction of the region ending, if one rides on its join (the
 * team's join_partial): the local threads' partials combined in thread
 * order, @p len bytes; NULL if none. */
static void *join_partial(size_t *len) {
  int n = node.collectives.join_count;
  *len = 0;
  if (!n)
    return NULL;
  size_t bytes = node.collectives.join_bytes;
  ensure_buffer(bytes);
  memcpy(node.collectives.buf, node.collectives.contrib[0], bytes);
  for (int t = 1; t < team_local_count(); t++)
    combine_packed(node.collectives.join_layout, n, node.collectives.buf,
                   node.collectives.contrib[t]);
  *len = bytes;
  return node.collectives.buf;
}

/* The join's reduction with the @p nodes nodes' partials at @p all (node
 * order): combined in that order into the first, the total is applied to
 * the targets where global thread 0 is. Ends the reduction. */
static void join_finish(void *all, int nodes) {
  int n = node.collectives.join_count;
  size_t bytes = node.collectives.join_bytes;
  unsigned char *total = all;
  for (int r = 1; r < nodes; r++)
    combine_packed(node.collectives.join_layout, n, total, total + r * bytes);
  if (team_first_global() == 0)
    join_apply(node.collectives.join_targets, node.collectives.join_layout, n, total);
  node.collectives.join_count = 0;
}

/* ---- User-defined reductions -------------------------------------------- */

/* MPI's operator for a user-defined reduction: inout = in combined with
 * inout, in that order (in comes from the lower ranks). */
static void user_op(void *in, void *inout, int *len, MPI_Datatype *type) {
  (void)type;
  size_t size = node.collectives.user_size;
  for (int i = 0; i < *len; i++) {
    unsigned char *into = (unsigned char *)inout + (size_t)i * size;
    memcpy(node.collectives.user_tmp, (unsigned char *)in + (size_t)i * size, size);
    node.collectives.user_combine(node.collectives.user_tmp, into);
    memcpy(into, node.collectives.user_tmp, size);
  }
}

static void allreduce_user_leader(void) {
  size_t size = node.collectives.user_size;
  parade_combine_fn combine = node.collectives.user_combine;
  ensure_buffer(2 * size);
  unsigned char *buf = node.collectives.buf;
  memcpy(buf, node.collectives.contrib[0], size);
  for (int t = 1; t < team_local_count(); t++)
    combine(buf, node.collectives.contrib[t]);
  if (team_participants() <= 1 || size == 0)
    return;
  if (size > INT_MAX)
    err_fatal("a user-defined reduction of %zu bytes is too large for one collective", size);
  uint64_t start = stats_now_ns();
  node.collectives.user_tmp = buf + size;
  packed_collective(NULL, buf, size, user_op, 0); /* the combiner need not commute */
  STAT_INC(collectives);
  STAT_ADD(collective_ns, stats_now_ns() - start);
}

void parade_allreduce_user(void *data, size_t size, parade_combine_fn combine) {
  if (parade_num_threads() <= 1)
    return;
  int local = parade_local_thread_num();
  node.collectives.contrib[local] = data;
  if (local == 0) { /* the same on every thread: one writes */
    node.collectives.user_size = size;
    node.collectives.user_combine = combine;
  }
  team_node_barrier(allreduce_user_leader);
  memcpy(data, node.collectives.buf, size);
}

/* ---- Scan ---------------------------------------------------------------- */

/* The leader's part of a scan: the node's total goes through one MPI
 * exclusive scan among the team's nodes, then each local thread's prefix
 * (the node's prefix and the partials of the local threads before it) is
 * written to its slot of the node buffer. */
static void scan_leader(void) {
  const parade_reduce_var *vars = node.collectives.contrib[0];
  int nvars = node.collectives.layout_count;
  size_t total = layout_bytes(vars, nvars);
  int locals = team_local_count();
  /* Slots: the node's total, the node's prefix, then one per thread. */
  ensure_buffer(total * (size_t)(locals + 2));
  unsigned char *node_total = node.collectives.buf, *node_prefix = node_total + total;
  unsigned char *slot = node_prefix + total;
  /* Running combination of the threads so far, thread by thread. */
  for (int t = 0; t < locals; t++) {
    if (t == 0)
      pack_partials(vars, nvars, node_total);
    else
      fold_partials(vars, nvars, node_total, node.collectives.contrib[t]);
    if (t + 1 < locals)
      memcpy(slot + (size_t)(t + 1) * total, node_total, total); /* thread t+1's local prefix */
  }
  node.collectives.scan_node_first = team_first_global() == 0;
  if (team_participants() > 1 && total > 0) {
    uint64_t start = stats_now_ns();
    if (total > INT_MAX)
      err_fatal("a scan of %zu bytes is too large for one collective", total);
    node.collectives.layout = vars;
    packed_collective(node_total, node_prefix, total, packed_op, 0); /* in rank order */
    node.collectives.layout = NULL;
    STAT_INC(collectives);
    STAT_ADD(collective_ns, stats_now_ns() - start);
  }
}

int parade_scan_prefix(parade_reduce_var *vars, int nvars) {
  if (nvars <= 0 || parade_num_threads() <= 1)
    return 0;
  check_vars(vars, nvars, "parade_scan_prefix");
  int local = parade_local_thread_num();
  node.collectives.contrib[local] = vars;
  if (local == 0)
    node.collectives.layout_count = nvars;
  team_node_barrier(scan_leader);
  size_t total = layout_bytes(vars, nvars);
  const unsigned char *node_prefix = node.collectives.buf + total;
  const unsigned char *mine = node_prefix + total + (size_t)local * total;
  int from_nodes = !node.collectives.scan_node_first;
  if (!from_nodes && local == 0)
    return 0;
  /* The node's prefix (nodes before this one), then the local threads'.
   * Every local thread reads its slot before it arrives at the node's next
   * collective, whose leader reuses the buffer. */
  unpack_partials(vars, nvars, from_nodes ? node_prefix : mine);
  if (from_nodes && local > 0) {
    const unsigned char *theirs = mine;
    for (int v = 0; v < nvars; v++) {
      combine_elements(vars[v].type, vars[v].op, vars[v].data, theirs, vars[v].count);
      theirs += vars[v].count * combine_type_size(vars[v].type);
    }
  }
  return 1;
}

void *parade_private_alloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    err_fatal("out of memory for %zu bytes of private partials", bytes);
  return p;
}

void parade_private_free(void *buffer) { free(buffer); }

void parade_private_release(void *slot) { free(*(void **)slot); }

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
    MPI_Ibcast(node.collectives.buf + done, (int)n, MPI_BYTE, root_node, team_comm(), &req);
    comm_wait_mpi_bulk(&req, n);
    done += n;
  }
  STAT_INC(collectives);
  STAT_ADD(collective_ns, stats_now_ns() - start);
}

static void bcast_leader(void) {
  size_t len = node.collectives.bcast_len;
  ensure_buffer(len);
  int root = node.collectives.bcast_root;
  int root_node = team_node_of_thread(root);
  if (root_node == node.rank)
    memcpy(node.collectives.buf, node.collectives.contrib[root - team_first_global()], len);
  node_bcast(len, root_node);
}

void parade_bcast(void *buf, size_t len, int root) {
  if (parade_num_threads() <= 1)
    return;
  if (root < 0 || root >= parade_num_threads())
    err_fatal("parade_bcast: root thread %d is not in the team of %d", root, parade_num_threads());
  node.collectives.contrib[parade_local_thread_num()] = buf;
  if (parade_local_thread_num() == 0) { /* the same for every thread: one writes */
    node.collectives.bcast_len = len;
    node.collectives.bcast_root = root;
  }
  team_node_barrier(bcast_leader);
  if (parade_thread_num() != root)
    memcpy(buf, node.collectives.buf, len);
}

/* ---- Collective updates of shared data ---------------------------------- */

/* Write notices a node sends inside a collective's own exchange; a node
 * with more sends the rest in a second allgather. */
#define EXCHANGE_INLINE_NOTICES 15

/* Whether @p notice, another node's than @p w's exception, names a page
 * that holds one of @p w's targets. */
static int names_watched(uint64_t notice, const struct exchange_watch *w) {
  size_t page = (size_t)(notice >> 16);
  if ((int)(notice & 0xffff) == w->except)
    return 0;
  for (int v = 0; v < w->count; v++) {
    const char *at = w->targets[v];
    if (!w->sizes[v] || !vm_contains(&node.vm, at) || !vm_contains(&node.vm, at + w->sizes[v] - 1))
      continue;
    if (page >= vm_page_of(&node.vm, at) && page <= vm_page_of(&node.vm, at + w->sizes[v] - 1))
      return 1;
  }
  return 0;
}

/* A collective that stands in for a barrier (single) or a lock (critical,
 * atomic) keeps its memory semantics: every node's writes reach their homes
 * (release), the nodes exchange the notices of the pages they wrote, and each
 * drops its copies of pages others wrote (acquire). So a thread that reads,
 * after the construct, data another node wrote before it sees the new
 * values. The notices travel in the collective's own allgather: each node
 * sends a head (its notice count and up to EXCHANGE_INLINE_NOTICES notices)
 * before its @p bytes[r] bytes of data. The leader runs this with the
 * node's threads parked. */
int collectives_exchange(const void *mine, const size_t *bytes, void *all,
                         const struct exchange_watch *watch) {
  int participants = team_participants();
  if (node.size == 1 || participants <= 1) {
    if (bytes[node.rank] && all != mine)
      memcpy(all, mine, bytes[node.rank]);
    return 0;
  }
  uint64_t start = stats_now_ns();
  hlrc_release();
  uint64_t *notices;
  size_t n = hlrc_written_notices(&notices);
  enum { HEAD = (1 + EXCHANGE_INLINE_NOTICES) * sizeof(uint64_t) };
  int *counts = malloc(4 * (size_t)participants * sizeof *counts);
  if (!counts)
    err_fatal("out of memory exchanging write notices");
  int *displs = counts + participants, *rest_counts = displs + participants,
      *rest_displs = rest_counts + participants;
  size_t total = 0;
  for (int r = 0; r < participants; r++) {
    if (total > (size_t)INT_MAX - HEAD || bytes[r] > (size_t)INT_MAX - HEAD - total)
      err_fatal("a collective of more than %d bytes", INT_MAX);
    counts[r] = (int)(HEAD + bytes[r]);
    displs[r] = (int)total;
    total += HEAD + bytes[r];
  }
  unsigned char *send = malloc(HEAD + bytes[node.rank]), *recv = malloc(total);
  if (!send || !recv)
    err_fatal("out of memory for a collective of %zu bytes", total);
  uint64_t head[1 + EXCHANGE_INLINE_NOTICES] = {n};
  for (size_t i = 0; i < n && i < EXCHANGE_INLINE_NOTICES; i++)
    head[1 + i] = notices[i];
  memcpy(send, head, HEAD);
  if (bytes[node.rank])
    memcpy(send + HEAD, mine, bytes[node.rank]);
  MPI_Request req;
  MPI_Iallgatherv(send, counts[node.rank], MPI_BYTE, recv, counts, displs, MPI_BYTE, team_comm(),
                  &req);
  comm_wait_mpi(&req);
  STAT_INC(collectives);
  /* The data in node order; the count of every node's notices. */
  size_t announced = 0, rest = 0;
  int stale = 0;
  unsigned char *to = all;
  for (int r = 0; r < participants; r++) {
    uint64_t count;
    memcpy(&count, recv + displs[r], sizeof count);
    if (bytes[r]) {
      memcpy(to, recv + displs[r] + HEAD, bytes[r]);
      to += bytes[r];
    }
    size_t extra = count > EXCHANGE_INLINE_NOTICES ? count - EXCHANGE_INLINE_NOTICES : 0;
    if (count > INT32_MAX || rest + extra > INT32_MAX)
      err_fatal("more than 2^31 write notices in one collective");
    rest_counts[r] = (int)extra;
    rest_displs[r] = (int)rest;
    rest += extra;
    announced += count;
  }
  if (announced > 0) { /* the same test on every node: all acquire or none */
    uint64_t *every = malloc(announced * sizeof *every);
    uint64_t *more = malloc((rest ? rest : 1) * sizeof *more);
    if (!every || !more)
      err_fatal("out of memory exchanging write notices");
    if (rest) {
      size_t mine_extra = n > EXCHANGE_INLINE_NOTICES ? n - EXCHANGE_INLINE_NOTICES : 0;
      MPI_Iallgatherv(notices + (n - mine_extra), (int)mine_extra, MPI_UINT64_T, more, rest_counts,
                      rest_displs, MPI_UINT64_T, team_comm(), &req);
      comm_wait_mpi(&req);
      STAT_INC(collectives);
    }
    size_t k = 0;
    for (int r = 0; r < participants; r++) {
      uint64_t count;
      memcpy(&count, recv + displs[r], sizeof count);
      for (uint64_t i = 0; i < count && i < EXCHANGE_INLINE_NOTICES; i++)
        memcpy(&every[k++], recv + displs[r] + (1 + i) * sizeof(uint64_t), sizeof(uint64_t));
      for (int i = 0; i < rest_counts[r]; i++)
        every[k++] = more[rest_displs[r] + i];
    }
    for (size_t i = 0; i < announced && !stale; i++)
      stale = names_watched(every[i], watch);
    hlrc_acquire(every, announced);
    free(more);
    free(every);
  }
  free(recv);
  free(send);
  free(counts);
  free(notices);
  STAT_ADD(collective_ns, stats_now_ns() - start);
  return stale;
}

void collectives_sync(void) {
  MPI_Request req;
  MPI_Ibarrier(team_comm(), &req);
  comm_wait_mpi(&req);
  STAT_INC(collectives);
}

void collectives_read_targets(unsigned char *buf, void *const *targets, const size_t *sizes,
                              int n) {
  for (int v = 0; v < n; v++) {
    memcpy(buf, targets[v], sizes[v]);
    buf += sizes[v];
  }
}

/* The node's leader turns the team's total into new values of the targets
 * and stores them in this node's copies. The old values are read before
 * this node contributes: until every node has contributed no node can
 * finish the exchange, so no home has made this round's store yet, and a
 * copy read now still holds the old value on every node. If some node
 * wrote a page of the targets since the last barrier, the copy read may be
 * stale: the nodes read again after the exchange's acquire and meet once
 * more before any of them stores. Every node folds the nodes' partials in node
 * order, so every copy gets the same value. */
static void reduce_store_leader(void) {
  const parade_reduce_var *vars = node.collectives.contrib[0];
  int n = node.collectives.store_count;
  size_t total = layout_bytes(vars, n);
  if (total > PARADE_SMALL_MAX)
    err_fatal("parade_reduce_store: more than %d bytes of shared data", PARADE_SMALL_MAX);
  int participants = team_participants();
  unsigned char old[PARADE_SMALL_MAX], mine[PARADE_SMALL_MAX];
  unsigned char *all = malloc((size_t)participants * total + 1);
  size_t *bytes = malloc((size_t)participants * sizeof *bytes);
  size_t *sizes = malloc((size_t)n * sizeof *sizes + 1);
  if (!all || !bytes || !sizes)
    err_fatal("out of memory for a collective update");
  for (int v = 0; v < n; v++)
    sizes[v] = vars[v].count * combine_type_size(vars[v].type);
  struct exchange_watch watch = {node.collectives.store_targets, sizes, n, -1};
  collectives_read_targets(old, node.collectives.store_targets, sizes, n);
  pack_partials(vars, n, mine);
  for (int t = 1; t < team_local_count(); t++)
    fold_partials(vars, n, mine, node.collectives.contrib[t]);
  for (int r = 0; r < participants; r++)
    bytes[r] = total;
  if (collectives_exchange(mine, bytes, all, &watch)) {
    collectives_read_targets(old, node.collectives.store_targets, sizes, n);
    collectives_sync();
  }
  for (int r = 1; r < participants; r++)
    combine_packed(vars, n, all, all + (size_t)r * total);
  size_t off = 0;
  for (int v = 0; v < n; v++) {
    if (combine_elements(vars[v].type, vars[v].op, old + off, all + off, vars[v].count))
      err_fatal("reduction operator %d is not defined on element type %d", vars[v].op,
                vars[v].type);
    hlrc_collective_store(node.collectives.store_targets[v], old + off, sizes[v]);
    off += sizes[v];
  }
  hlrc_collective_stores_done();
  free(sizes);
  free(bytes);
  free(all);
}

/* A team on some of the ranks only: the ranks outside it make no stores,
 * so take the conventional path (one DSM write, then a barrier). */
int collectives_partial_team(void) { return node.size > 1 && team_participants() < node.size; }

void parade_reduce_store(parade_reduce_var *contributions, void **targets, int n) {
  atomic_flush_deferred();
  streams_release();
  if (n <= 0)
    return;
  if (parade_num_threads() <= 1) {
    for (int v = 0; v < n; v++)
      if (combine_elements(contributions[v].type, contributions[v].op, targets[v],
                           contributions[v].data, contributions[v].count))
        err_fatal("reduction operator %d is not defined on element type %d", contributions[v].op,
                  contributions[v].type);
    return;
  }
  if (collectives_partial_team()) {
    parade_allreduce(contributions, n);
    if (parade_thread_num() == 0)
      for (int v = 0; v < n; v++)
        combine_elements(contributions[v].type, contributions[v].op, targets[v],
                         contributions[v].data, contributions[v].count);
    parade_barrier();
    return;
  }
  node.collectives.contrib[parade_local_thread_num()] = contributions;
  if (parade_local_thread_num() == 0) { /* the same for every thread: one writes */
    node.collectives.layout_count = n;
    node.collectives.store_targets = targets;
    node.collectives.store_count = n;
  }
  team_node_barrier(reduce_store_leader);
}

/* Data up to this size travels inside a single's exchange of write
 * notices; more goes in a broadcast of its own after it (an allgather
 * relays one node's block through the others). */
#define BCAST_STORE_INLINE_BYTES 8192

/* The root's node reads the targets before the exchange. If another node
 * wrote a page of theirs since the last barrier, a target the block did
 * not assign (a conditional store) may be stale in the root's copy: the
 * root reads them again after the acquire and sends them in a broadcast of
 * their own, which no node stores before. (The root's own writes, the
 * block's among them, leave its copy current.) */
/* A single's collective (a store or a copyprivate) begins: every node
 * sizes the node buffer for the @p n values (@p sizes bytes each), and the
 * root's node packs them from @p sources. Returns their total size. */
static size_t pack_root_values(void *const *sources, const size_t *sizes, int n, int root_node) {
  size_t total = 0;
  for (int v = 0; v < n; v++)
    total += sizes[v];
  ensure_buffer(total);
  if (root_node == node.rank)
    collectives_read_targets(node.collectives.buf, sources, sizes, n);
  return total;
}

/* The exchange of write notices that stands for a single's barrier,
 * carrying the first @p carried bytes of the root node's buffer (0: none),
 * in place: the exchange copies this node's part out before any lands.
 * Returns the exchange's answer for @p watch. */
static int exchange_root_data(size_t carried, int root_node, const struct exchange_watch *watch) {
  size_t *bytes = calloc((size_t)team_participants(), sizeof *bytes);
  if (!bytes)
    err_fatal("out of memory for a collective of %zu bytes", carried);
  bytes[root_node] = carried;
  int dirty = collectives_exchange(node.collectives.buf, bytes, node.collectives.buf, watch);
  free(bytes);
  return dirty;
}

static void bcast_store_leader(void) {
  int root_node = team_node_of_thread(node.collectives.bcast_root);
  size_t total = pack_root_values(node.collectives.store_targets, node.collectives.store_sizes,
                                  node.collectives.store_count, root_node);
  int inline_data = total <= BCAST_STORE_INLINE_BYTES;
  struct exchange_watch watch = {node.collectives.store_targets, node.collectives.store_sizes,
                                 node.collectives.store_count, root_node};
  int dirty = exchange_root_data(inline_data ? total : 0, root_node, &watch);
  if (dirty || !inline_data) {
    if (root_node == node.rank)
      collectives_read_targets(node.collectives.buf, node.collectives.store_targets,
                               node.collectives.store_sizes, node.collectives.store_count);
    node_bcast(total, root_node);
  }
  if (root_node != node.rank) {
    size_t off = 0;
    for (int v = 0; v < node.collectives.store_count; v++) {
      hlrc_collective_store(node.collectives.store_targets[v], node.collectives.buf + off,
                            node.collectives.store_sizes[v]);
      off += node.collectives.store_sizes[v];
    }
  }
  hlrc_collective_stores_done();
}

void parade_bcast_store(void **targets, const size_t *sizes, int n, int root) {
  /* It stands for the single's barrier, which completes the tasks. */
  task_drain();
  atomic_flush_deferred();
  streams_release();
  if (parade_num_threads() <= 1)
    return;
  if (collectives_partial_team()) {
    parade_barrier();
    return;
  }
  if (parade_local_thread_num() == 0) { /* the same for every thread: one writes */
    node.collectives.bcast_root = root;
    node.collectives.store_targets = targets;
    node.collectives.store_sizes = sizes;
    node.collectives.store_count = n;
  }
  team_node_barrier(bcast_store_leader);
}

/* ---- copyprivate ---------------------------------------------------------- */

/* The root's node packs the root thread's variables into the node buffer;
 * up to BCAST_STORE_INLINE_BYTES travel inside the exchange of write
 * notices that stands for the single's barrier, more in a broadcast
 * beside it. The copyprivate took a broadcast and then a barrier, two meetings of
 * the nodes; small data now takes one. */
static void copyprivate_leader(void) {
  const size_t *sizes = node.collectives.copy_sizes;
  int n = node.collectives.copy_count;
  int root = node.collectives.bcast_root;
  int root_node = team_node_of_thread(root);
  const void *root_vars =
      root_node == node.rank ? node.collectives.contrib[root - team_first_global()] : NULL;
  size_t total = pack_root_values((void *const *)root_vars, sizes, n, root_node);
  int inline_data = total <= BCAST_STORE_INLINE_BYTES;
  /* More data goes in a broadcast started before the exchange, so that
   * the two overlap (every node starts them in the same order, as MPI
   * asks of collectives in flight together). The exchange leaves the
   * buffer alone: no node sends data in it. */
  MPI_Request data = MPI_REQUEST_NULL;
  int overlap = !inline_data && team_participants() > 1 && total <= chunk_elements();
  uint64_t start = stats_now_ns();
  if (overlap) {
    MPI_Ibcast(node.collectives.buf, (int)total, MPI_BYTE, root_node, team_comm(), &data);
    comm_bulk_begin(total);
  }
  /* Private variables: no shared targets to watch. */
  struct exchange_watch watch = {NULL, NULL, 0, -1};
  exchange_root_data(inline_data ? total : 0, root_node, &watch);
  if (overlap) {
    comm_wait_mpi(&data);
    comm_bulk_end(total);
    STAT_INC(collectives);
    STAT_ADD(collective_ns, stats_now_ns() - start);
  } else if (!inline_data) {
    node_bcast(total, root_node);
  }
  /* Into every other local thread's variables before any leaves, as the
   * single's barrier requires (another thread may read one through a
   * pointer as soon as it is past). */
  int first = team_first_global();
  for (int t = 0; t < team_local_count(); t++) {
    if (first + t == root)
      continue;
    void *const *vars = (void *const *)node.collectives.contrib[t];
    const unsigned char *from = node.collectives.buf;
    for (int v = 0; v < n; v++) {
      memcpy(vars[v], from, sizes[v]);
      from += sizes[v];
    }
  }
}

void parade_copyprivate(void *const *vars, const size_t *sizes, int n, int root) {
  if (parade_num_threads() <= 1 || n <= 0 || collectives_partial_team()) {
    for (int v = 0; v < n; v++)
      parade_bcast(vars[v], sizes[v], root);
    parade_barrier();
    return;
  }
  if (root < 0 || root >= parade_num_threads())
    err_fatal("parade_copyprivate: root thread %d is not in the team of %d", root,
              parade_num_threads());
  /* It stands for the single's barrier, which completes the tasks. */
  task_drain();
  atomic_flush_deferred();
  streams_release();
  node.collectives.contrib[parade_local_thread_num()] = vars;
  if (parade_local_thread_num() == 0) { /* the same for every thread: one writes */
    node.collectives.bcast_root = root;
    node.collectives.copy_sizes = sizes;
    node.collectives.copy_count = n;
  }
  team_node_barrier(copyprivate_leader);
}
