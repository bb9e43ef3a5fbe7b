/* The home-migration rule every node applies at a barrier (DESIGN.md,
 * "Release"), apart from any node state so that it can be tested on its
 * own.
 *
 * For each page written in an epoch: if one node was its only writer, that
 * node becomes its home. Otherwise the current home keeps it if it wrote;
 * if not, the lowest-numbered writer takes it. A diff that a lock release
 * already flushed to the current home counts as the home writing: the home
 * then holds writes of the epoch, which a move would lose.
 */
#ifndef PARADE_HOME_RULE_H
#define PARADE_HOME_RULE_H

#include "proto.h"

#include <stdint.h>

/* One page's write notices of one epoch, in any order of arrival. */
struct home_tally {
  uint32_t nwriters;
  uint32_t ndirty; /* writers still holding changes, each owing a diff */
  uint32_t min_writer;
  uint8_t min_dirty, home_wrote, home_dirty, any_flushed;
};

/* An empty tally: no notice yet. */
void home_tally_init(struct home_tally *t);

/* Count @p writer's notice (NOTICE_* @p flags) for a page whose current
 * home is @p home. Each writer is counted at most once per page. */
void home_tally_add(struct home_tally *t, uint32_t writer, uint16_t flags, uint32_t home);

/* The departure entry of @p page: its new home, its number of writers and
 * the number of diffs the new home will receive.
 * Precondition: at least one notice was counted in @p t. */
struct depart_entry home_rule_decide(uint32_t page, const struct home_tally *t, uint32_t home);

#endif
