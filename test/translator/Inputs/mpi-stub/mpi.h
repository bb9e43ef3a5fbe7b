/* A program's own stand-in for MPI, as in the serial build of an MPI
 * code: not an MPI implementation's header. */
#define MPI_COMM_WORLD 0
static inline int MPI_Comm_size(int comm, int *size) {
  (void)comm;
  *size = 1;
  return 0;
}
