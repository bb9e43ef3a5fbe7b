/* The home's change log: the pages homed on this node whose content
 * changed, in order, each with the node whose write changed it.
 *
 * A flush asks each home it holds copies from for the changes since it
 * last asked (MSG_CHANGES_REQ) and drops only the copies of pages that
 * changed, where it used to drop every copy: a thread that polls a flag
 * then keeps its copies of the data pages nobody wrote, and a poll costs
 * one small round trip instead of a fetch of the flag's page and of every
 * page read after it.
 *
 * A home's copy changes in three ways, and each is logged:
 *  - a diff applied (hlrc_on_diff);
 *  - a write by the home itself, which faults first: serving a copy
 *    write-protects the page (hlrc.h, "Home"), so a page changed at its
 *    home after a copy was served has faulted since; the mark comes before
 *    the page is made writable;
 *  - a departure that makes this node the page's home.
 * Collective stores are made alike on every node and are not changes. */
#ifndef PARADE_CHANGE_LOG_H
#define PARADE_CHANGE_LOG_H

#include <stddef.h>
#include <stdint.h>

/* Entries the log keeps; a node that asks about changes older than these
 * is told to drop every copy of the home's pages. */
#define CHANGE_LOG_SIZE 16384
/* The most pages one answer lists; more also means "drop them all". */
#define CHANGES_MAX_LISTED 1024
#define CHANGES_ALL UINT32_MAX

/* The answer to MSG_CHANGES_REQ, followed by @p count page numbers
 * (uint32_t), or by none if @p count is CHANGES_ALL. */
struct changes_reply {
  uint64_t seq;   /* the changes up to this one are answered: ask from it next */
  uint32_t home;  /* the answering node */
  uint32_t count; /* pages listed, or CHANGES_ALL */
};

static inline size_t changes_reply_max(void) {
  return sizeof(struct changes_reply) + CHANGES_MAX_LISTED * sizeof(uint32_t);
}

/* Register the MSG_CHANGES_REQ handler (before comm_start). */
void change_log_init(void);
/* Page @p page, homed here, changed (or is about to) by a write of node
 * @p writer. Async-signal-safe (a spin lock held for a few stores).
 * Returns the change's number. */
uint64_t change_log_mark(size_t page, uint32_t writer);
/* The number of the last change logged (0: none yet). A barrier sends it
 * with this node's notices: every change up to it was a write or a home
 * move announced at that barrier or an earlier one, where every other node
 * dropped its copy of the page; a flush after the barrier asks for the
 * changes after it only. This holds while a home's page that another node
 * holds a copy of is write-protected (home_protect_for_copy), so that each
 * write to it is logged and announced. */
uint64_t change_log_last(void);

#endif
