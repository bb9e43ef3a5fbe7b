/* A header beside the source, found by a quoted include. */
static inline int twice(int x) { return 2 * x; }
