#include "combine.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>

#define ARITH_OPS(T)                                                                               \
  case PARADE_OP_SUM:                                                                              \
    for (size_t i = 0; i < n; i++)                                                                 \
      d[i] = (T)(d[i] + s[i]);                                                                     \
    return 0;                                                                                      \
  case PARADE_OP_PROD:                                                                             \
    for (size_t i = 0; i < n; i++)                                                                 \
      d[i] = (T)(d[i] * s[i]);                                                                     \
    return 0;                                                                                      \
  case PARADE_OP_MIN:                                                                              \
    for (size_t i = 0; i < n; i++)                                                                 \
      if (s[i] < d[i])                                                                             \
        d[i] = s[i];                                                                               \
    return 0;                                                                                      \
  case PARADE_OP_MAX:                                                                              \
    for (size_t i = 0; i < n; i++)                                                                 \
      if (s[i] > d[i])                                                                             \
        d[i] = s[i];                                                                               \
    return 0;                                                                                      \
  case PARADE_OP_LAND:                                                                             \
    for (size_t i = 0; i < n; i++)                                                                 \
      d[i] = (T)(d[i] && s[i]);                                                                    \
    return 0;                                                                                      \
  case PARADE_OP_LOR:                                                                              \
    for (size_t i = 0; i < n; i++)                                                                 \
      d[i] = (T)(d[i] || s[i]);                                                                    \
    return 0;

#define BIT_OPS(T)                                                                                 \
  case PARADE_OP_BAND:                                                                             \
    for (size_t i = 0; i < n; i++)                                                                 \
      d[i] = (T)(d[i] & s[i]);                                                                     \
    return 0;                                                                                      \
  case PARADE_OP_BOR:                                                                              \
    for (size_t i = 0; i < n; i++)                                                                 \
      d[i] = (T)(d[i] | s[i]);                                                                     \
    return 0;                                                                                      \
  case PARADE_OP_BXOR:                                                                             \
    for (size_t i = 0; i < n; i++)                                                                 \
      d[i] = (T)(d[i] ^ s[i]);                                                                     \
    return 0;

#define INT_CASE(TAG, T)                                                                           \
  case TAG: {                                                                                      \
    T *d = inout;                                                                                  \
    const T *s = in;                                                                               \
    switch (op) { ARITH_OPS(T) BIT_OPS(T) default : return EINVAL; }                               \
  }
#define FLOAT_CASE(TAG, T)                                                                         \
  case TAG: {                                                                                      \
    T *d = inout;                                                                                  \
    const T *s = in;                                                                               \
    switch (op) { ARITH_OPS(T) default : return EINVAL; }                                          \
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
      case PARADE_OP_SUM:
      case PARADE_OP_MAX:
      case PARADE_OP_LOR:
      case PARADE_OP_BOR: d[i] = d[i] || s[i]; break;
      case PARADE_OP_PROD:
      case PARADE_OP_MIN:
      case PARADE_OP_LAND:
      case PARADE_OP_BAND: d[i] = d[i] && s[i]; break;
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
int combine_elements(parade_type type, parade_op op, void *inout, const void *in, size_t n) {
  size_t size = combine_type_size(type);
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

size_t combine_type_size(parade_type type) {
  static const size_t sizes[PARADE_TYPE_COUNT] = {sizeof(char),
                                                  sizeof(signed char),
                                                  sizeof(unsigned char),
                                                  sizeof(short),
                                                  sizeof(unsigned short),
                                                  sizeof(int),
                                                  sizeof(unsigned),
                                                  sizeof(long),
                                                  sizeof(unsigned long),
                                                  sizeof(long long),
                                                  sizeof(unsigned long long),
                                                  sizeof(float),
                                                  sizeof(double),
                                                  sizeof(long double),
                                                  sizeof(_Bool)};
  return (unsigned)type < PARADE_TYPE_COUNT ? sizes[type] : 0;
}
