/* printf-style formatting that is safe in a signal handler.
 *
 * The error path runs inside the SIGSEGV handler (a protocol error in the
 * fault path, a stack overflow), where snprintf and strerror may take locks
 * or allocate (locale data, the first use of a conversion). These take no
 * lock, allocate nothing and never touch errno, in the manner of mimalloc's
 * _mi_vsnprintf. They cover what the runtime's messages use:
 *   flags - 0 + space #, width and precision (digits or *),
 *   length modifiers hh h l ll j z t,
 *   conversions d i u o x X c s p % and a plain fixed-point f (e and g print
 *   as f too: no runtime message needs them). */
#ifndef PARADE_FORMAT_H
#define PARADE_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/**
 * @brief Format like vsnprintf into @p buf.
 * @param buf  Receives at most @p cap - 1 characters and a terminating NUL
 *             (nothing at all when @p cap is 0).
 * @return The length the whole output has, even when it was cut short.
 */
size_t fmt_vformat(char *buf, size_t cap, const char *fmt, va_list ap);

/** @brief fmt_vformat with the arguments inline. */
size_t fmt_format(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/**
 * @brief strerror() without locale or allocation.
 * @return glibc's text for the common errno values, else "errno N" (in a
 *         buffer of the calling thread, valid until its next call).
 */
const char *fmt_strerror(int err);

#endif
