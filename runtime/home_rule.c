#include "home_rule.h"

void home_tally_init(struct home_tally *t) {
  *t = (struct home_tally){0};
  t->min_writer = UINT32_MAX;
}

void home_tally_add(struct home_tally *t, uint32_t writer, uint16_t flags, uint32_t home) {
  int dirty = (flags & NOTICE_DIRTY) != 0;
  t->nwriters++;
  t->ndirty += (uint32_t)dirty;
  t->any_flushed |= (flags & NOTICE_FLUSHED) != 0;
  if (writer < t->min_writer) {
    t->min_writer = writer;
    t->min_dirty = (uint8_t)dirty;
  }
  if (writer == home) {
    t->home_wrote = 1;
    t->home_dirty = (uint8_t)dirty;
  }
}

struct depart_entry home_rule_decide(uint32_t page, const struct home_tally *t, uint32_t home) {
  /* A sole writer other than the home is also the lowest-numbered one, so
   * the rule's first two cases fold into one test of whether the home
   * counts as a writer. */
  int home_counts = t->home_wrote || t->any_flushed;
  uint32_t new_home = home_counts ? home : t->min_writer;
  int new_home_dirty = home_counts ? t->home_dirty : t->min_dirty;
  return (struct depart_entry){page, new_home, t->nwriters, t->ndirty - (uint32_t)new_home_dirty};
}
