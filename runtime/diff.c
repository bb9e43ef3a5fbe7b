#include "diff.h"

#include <errno.h>
#include <string.h>

static void put_u16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }
static uint16_t get_u16(const uint8_t *p) {
  uint16_t v;
  memcpy(&v, p, 2);
  return v;
}

size_t diff_encode(const uint8_t *twin, const uint8_t *cur, size_t len, uint8_t *out) {
  size_t out_len = 0;
  size_t i = 0;
  while (i < len) {
    /* Skip equal words quickly, then equal bytes. */
    while (i + 8 <= len) {
      uint64_t a, b;
      memcpy(&a, twin + i, 8);
      memcpy(&b, cur + i, 8);
      if (a != b)
        break;
      i += 8;
    }
    while (i < len && twin[i] == cur[i])
      i++;
    if (i >= len)
      break;
    size_t start = i;
    while (i < len && twin[i] != cur[i])
      i++;
    size_t run = i - start;
    put_u16(out + out_len, (uint16_t)start);
    put_u16(out + out_len + 2, (uint16_t)run);
    memcpy(out + out_len + 4, cur + start, run);
    out_len += 4 + run;
  }
  return out_len;
}

int diff_apply(uint8_t *page, size_t len, const uint8_t *diff, size_t diff_len) {
  size_t pos = 0;
  while (pos < diff_len) {
    if (diff_len - pos < 4)
      return EINVAL;
    size_t start = get_u16(diff + pos);
    size_t run = get_u16(diff + pos + 2);
    pos += 4;
    if (run == 0 || start + run > len || run > diff_len - pos)
      return EINVAL;
    memcpy(page + start, diff + pos, run);
    pos += run;
  }
  return 0;
}
