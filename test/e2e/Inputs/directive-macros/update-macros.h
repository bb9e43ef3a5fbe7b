/* Updates spelled by a header's macros. */
#define BUMP(v) __sync_fetch_and_add(&(v), 1)
#define SET_LAST(x, v) x = v
