/* Element-wise combination of reduction operands: what every reduction,
 * collective or deferred atomic update does to one element. */
#ifndef PARADE_COMBINE_H
#define PARADE_COMBINE_H

#include "parade.h"

#include <stddef.h>

/* Size in bytes of one element of @p type (0 for an unknown type). */
size_t combine_type_size(parade_type type);
/* inout[i] = inout[i] op in[i] for @p count elements, aligned or not.
 * Returns 0, or EINVAL if @p op is not defined on @p type. */
int combine_elements(parade_type type, parade_op op, void *inout, const void *in, size_t count);

#endif
