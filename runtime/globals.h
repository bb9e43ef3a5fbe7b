/* The program's shared globals: where the sections parade_data and
 * parade_bss lie once linked. */
#ifndef PARADE_GLOBALS_H
#define PARADE_GLOBALS_H

#include <stddef.h>

struct globals_range {
  char *begin; /* page-aligned */
  size_t size; /* a multiple of the page size; 0 when the section is empty */
};

/* The ranges of parade_data and parade_bss. Fatal if the link did not put
 * the runtime's guard pages last (the runtime must be linked after every
 * object of the program, as paradecc does). */
void globals_ranges(size_t page_size, struct globals_range *data, struct globals_range *bss);

#endif
