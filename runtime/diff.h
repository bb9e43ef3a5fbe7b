/* Diffs: the bytes of a page that changed since its twin was made.
 *
 * A diff is a sequence of runs {uint16 offset, uint16 length, bytes}. Runs
 * are exact to the byte: two nodes that write different bytes of one word
 * (false sharing) must not overwrite each other's bytes at the home. */
#ifndef PARADE_DIFF_H
#define PARADE_DIFF_H

#include <stddef.h>
#include <stdint.h>

/* The largest diff of a page of @p page_size bytes (alternating bytes). */
static inline size_t diff_max_size(size_t page_size) {
  return page_size + 4 * ((page_size + 1) / 2);
}

/* Encode how @p cur differs from @p twin (both @p len bytes, len < 65536,
 * both 8-byte aligned) into @p out, which holds diff_max_size(len) bytes.
 * Returns the diff's length; 0 means no byte changed. */
size_t diff_encode(const uint8_t *twin, const uint8_t *cur, size_t len, uint8_t *out);

/* Apply @p diff (@p diff_len bytes) to @p page (@p len bytes).
 * Returns 0, or EINVAL if the diff is malformed (nothing past the bad run
 * is written). */
int diff_apply(uint8_t *page, size_t len, const uint8_t *diff, size_t diff_len);

#endif
