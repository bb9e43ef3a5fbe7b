#include "format.h"

#include <errno.h>
#include <stdint.h>
#include <sys/types.h>

/* Output so far: characters past the buffer are counted, not stored, so the
 * result is vsnprintf's. */
struct sink {
  char *buf;
  size_t cap;
  size_t len;
};

struct spec {
  int left, zero, plus, space, alt;
  size_t width;
  int precision; /* -1: none given */
  int upper;
};

static void put(struct sink *s, char c) {
  if (s->len + 1 < s->cap)
    s->buf[s->len] = c;
  s->len++;
}

static void put_repeat(struct sink *s, char c, size_t count) {
  while (count--)
    put(s, c);
}

static void put_text(struct sink *s, const char *text, size_t len) {
  for (size_t i = 0; i < len; i++)
    put(s, text[i]);
}

/* One conversion's field: [spaces] prefix [zeros] body [spaces]. Zero
 * padding to the width goes between the sign or 0x and the digits. */
static void put_field(struct sink *s, const struct spec *sp, const char *prefix, size_t prefix_len,
                      size_t zeros, const char *body, size_t body_len, int zero_pad) {
  size_t used = prefix_len + zeros + body_len;
  size_t pad = sp->width > used ? sp->width - used : 0;
  if (!sp->left && !zero_pad)
    put_repeat(s, ' ', pad);
  put_text(s, prefix, prefix_len);
  if (!sp->left && zero_pad)
    put_repeat(s, '0', pad);
  put_repeat(s, '0', zeros);
  put_text(s, body, body_len);
  if (sp->left)
    put_repeat(s, ' ', pad);
}

static void put_integer(struct sink *s, const struct spec *sp, uintmax_t magnitude, int negative,
                        int is_signed, unsigned base) {
  const char *set = sp->upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char digits[3 * sizeof(uintmax_t)];
  size_t count = 0;
  for (; magnitude; magnitude /= base)
    digits[sizeof digits - ++count] = set[magnitude % base];
  /* C: the precision is the least number of digits, and a zero value with
   * precision 0 has none. */
  size_t min_digits = sp->precision < 0 ? 1 : (size_t)sp->precision;
  size_t zeros = min_digits > count ? min_digits - count : 0;
  char prefix[3];
  size_t prefix_len = 0;
  if (is_signed) {
    if (negative)
      prefix[prefix_len++] = '-';
    else if (sp->plus)
      prefix[prefix_len++] = '+';
    else if (sp->space)
      prefix[prefix_len++] = ' ';
  }
  if (sp->alt && base == 16 && count > 0) {
    prefix[prefix_len++] = '0';
    prefix[prefix_len++] = sp->upper ? 'X' : 'x';
  }
  if (sp->alt && base == 8 && zeros == 0)
    zeros = 1; /* '#': the first digit of an octal number is 0 */
  put_field(s, sp, prefix, prefix_len, zeros, digits + sizeof digits - count, count,
            sp->zero && !sp->left && sp->precision < 0);
}

static size_t decimal(char *end, uint64_t value) {
  size_t count = 0;
  do {
    *--end = (char)('0' + value % 10);
    count++;
    value /= 10;
  } while (value);
  return count;
}

/* Fixed-point with round-half-even on exact ties, as glibc does; digits
 * past the 17th are zeros and values of 1e19 or more lose their low
 * digits, which no runtime message needs. */
static void put_fixed(struct sink *s, const struct spec *sp, double value) {
  char prefix[1];
  size_t prefix_len = 0;
  if (__builtin_signbit(value))
    prefix[prefix_len++] = '-';
  else if (sp->plus)
    prefix[prefix_len++] = '+';
  else if (sp->space)
    prefix[prefix_len++] = ' ';
  if (__builtin_isnan(value) || __builtin_isinf(value)) {
    const char *word =
        __builtin_isnan(value) ? (sp->upper ? "NAN" : "nan") : (sp->upper ? "INF" : "inf");
    put_field(s, sp, prefix, prefix_len, 0, word, 3, 0);
    return;
  }
  if (value < 0)
    value = -value;
  int precision = sp->precision < 0 ? 6 : sp->precision;
  int exact = precision > 17 ? 17 : precision;
  uint64_t scale = 1;
  for (int i = 0; i < exact; i++)
    scale *= 10;
  unsigned dropped = 0; /* decimal digits of the integer part not kept */
  while (value >= 1e19) {
    value /= 10;
    dropped++;
  }
  uint64_t whole = (uint64_t)value;
  double scaled = (value - (double)whole) * (double)scale;
  uint64_t fraction = (uint64_t)scaled;
  double rest = scaled - (double)fraction;
  if (rest > 0.5 || (rest == 0.5 && ((exact ? fraction : whole) & 1)))
    fraction++;
  if (fraction >= scale) {
    fraction -= scale;
    whole++;
  }
  char body[64];
  char *end = body + sizeof body;
  char *at = end;
  if (precision > 0 || sp->alt) {
    for (int i = exact; i < precision && at > body + 24; i++)
      *--at = '0';
    if (exact > 0) {
      size_t n = decimal(at, fraction);
      at -= n;
      for (size_t i = n; i < (size_t)exact; i++)
        *--at = '0';
    }
    *--at = '.';
  }
  for (unsigned i = 0; i < dropped; i++)
    *--at = '0';
  at -= decimal(at, whole);
  put_field(s, sp, prefix, prefix_len, 0, at, (size_t)(end - at), sp->zero && !sp->left);
}

static void put_string(struct sink *s, const struct spec *sp, const char *text) {
  if (!text)
    text = sp->precision < 0 || sp->precision >= 6 ? "(null)" : "";
  size_t len = 0;
  /* With a precision the text need not be terminated: never read past it. */
  while ((sp->precision < 0 || len < (size_t)sp->precision) && text[len])
    len++;
  put_field(s, sp, "", 0, 0, text, len, 0);
}

enum length { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_J, LEN_Z, LEN_T, LEN_BIG_L };

static intmax_t signed_arg(va_list *ap, enum length len) {
  switch (len) {
  case LEN_HH: return (signed char)va_arg(*ap, int);
  case LEN_H: return (short)va_arg(*ap, int);
  case LEN_L: return va_arg(*ap, long);
  case LEN_LL: return va_arg(*ap, long long);
  case LEN_J: return va_arg(*ap, intmax_t);
  case LEN_Z: return va_arg(*ap, ssize_t);
  case LEN_T: return va_arg(*ap, ptrdiff_t);
  default: return va_arg(*ap, int);
  }
}

static uintmax_t unsigned_arg(va_list *ap, enum length len) {
  switch (len) {
  case LEN_HH: return (unsigned char)va_arg(*ap, unsigned);
  case LEN_H: return (unsigned short)va_arg(*ap, unsigned);
  case LEN_L: return va_arg(*ap, unsigned long);
  case LEN_LL: return va_arg(*ap, unsigned long long);
  case LEN_J: return va_arg(*ap, uintmax_t);
  case LEN_Z: return va_arg(*ap, size_t);
  case LEN_T: return (uintmax_t)va_arg(*ap, ptrdiff_t);
  default: return va_arg(*ap, unsigned);
  }
}

static size_t read_number(const char **at) {
  size_t value = 0;
  while (**at >= '0' && **at <= '9') {
    if (value < 100000)
      value = value * 10 + (size_t)(**at - '0');
    (*at)++;
  }
  return value;
}

size_t fmt_vformat(char *buf, size_t cap, const char *fmt, va_list args) {
  struct sink s = {buf, cap, 0};
  va_list ap;
  va_copy(ap, args); /* a va_list parameter cannot be passed on by address */
  for (const char *at = fmt; *at; at++) {
    if (*at != '%') {
      put(&s, *at);
      continue;
    }
    const char *start = at++;
    struct spec sp = {0};
    sp.precision = -1;
    for (;; at++) {
      if (*at == '-')
        sp.left = 1;
      else if (*at == '0')
        sp.zero = 1;
      else if (*at == '+')
        sp.plus = 1;
      else if (*at == ' ')
        sp.space = 1;
      else if (*at == '#')
        sp.alt = 1;
      else
        break;
    }
    if (*at == '*') {
      int width = va_arg(ap, int);
      if (width < 0) {
        sp.left = 1;
        width = -width;
      }
      sp.width = (size_t)width;
      at++;
    } else {
      sp.width = read_number(&at);
    }
    if (*at == '.') {
      at++;
      if (*at == '*') {
        int precision = va_arg(ap, int);
        sp.precision = precision < 0 ? -1 : precision;
        at++;
      } else {
        sp.precision = (int)read_number(&at);
      }
    }
    enum length len = LEN_NONE;
    switch (*at) {
    case 'h':
      len = at[1] == 'h' ? LEN_HH : LEN_H;
      at += len == LEN_HH ? 2 : 1;
      break;
    case 'l':
      len = at[1] == 'l' ? LEN_LL : LEN_L;
      at += len == LEN_LL ? 2 : 1;
      break;
    case 'j':
      len = LEN_J;
      at++;
      break;
    case 'z':
      len = LEN_Z;
      at++;
      break;
    case 't':
      len = LEN_T;
      at++;
      break;
    case 'L':
      len = LEN_BIG_L;
      at++;
      break;
    default: break;
    }
    char conv = *at;
    sp.upper = conv == 'X' || conv == 'F' || conv == 'E' || conv == 'G';
    switch (conv) {
    case 'd':
    case 'i': {
      intmax_t value = signed_arg(&ap, len);
      uintmax_t magnitude = value < 0 ? -(uintmax_t)value : (uintmax_t)value;
      put_integer(&s, &sp, magnitude, value < 0, 1, 10);
      break;
    }
    case 'u': put_integer(&s, &sp, unsigned_arg(&ap, len), 0, 0, 10); break;
    case 'o': put_integer(&s, &sp, unsigned_arg(&ap, len), 0, 0, 8); break;
    case 'x':
    case 'X': put_integer(&s, &sp, unsigned_arg(&ap, len), 0, 0, 16); break;
    case 'p': {
      void *ptr = va_arg(ap, void *);
      if (!ptr) {
        sp.precision = -1;
        put_string(&s, &sp, "(nil)");
      } else {
        sp.alt = 1;
        put_integer(&s, &sp, (uintptr_t)ptr, 0, 0, 16);
      }
      break;
    }
    case 'c': {
      char c = (char)va_arg(ap, int);
      put_field(&s, &sp, "", 0, 0, &c, 1, 0);
      break;
    }
    case 's': put_string(&s, &sp, va_arg(ap, const char *)); break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
      put_fixed(&s, &sp, len == LEN_BIG_L ? (double)va_arg(ap, long double) : va_arg(ap, double));
      break;
    case 'n': (void)va_arg(ap, void *); break; /* never write through a message's argument */
    case '%': put(&s, '%'); break;
    default:
      /* Not a conversion we know: show it as written rather than guess at
       * the arguments. */
      put_text(&s, start, (size_t)(at - start) + (*at != '\0'));
      if (!*at)
        at--;
      break;
    }
  }
  va_end(ap);
  if (cap > 0)
    buf[s.len < cap ? s.len : cap - 1] = '\0';
  return s.len;
}

size_t fmt_format(char *buf, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t len = fmt_vformat(buf, cap, fmt, ap);
  va_end(ap);
  return len;
}

struct errno_text {
  int err;
  const char *text;
};

/* glibc's wording, for the values a system call in the runtime can give. */
static const struct errno_text errno_texts[] = {
    {EPERM, "Operation not permitted"},
    {ENOENT, "No such file or directory"},
    {ESRCH, "No such process"},
    {EINTR, "Interrupted system call"},
    {EIO, "Input/output error"},
    {ENXIO, "No such device or address"},
    {E2BIG, "Argument list too long"},
    {EBADF, "Bad file descriptor"},
    {EAGAIN, "Resource temporarily unavailable"},
    {ENOMEM, "Cannot allocate memory"},
    {EACCES, "Permission denied"},
    {EFAULT, "Bad address"},
    {EBUSY, "Device or resource busy"},
    {EEXIST, "File exists"},
    {ENODEV, "No such device"},
    {ENOTDIR, "Not a directory"},
    {EISDIR, "Is a directory"},
    {EINVAL, "Invalid argument"},
    {ENFILE, "Too many open files in system"},
    {EMFILE, "Too many open files"},
    {EFBIG, "File too large"},
    {ENOSPC, "No space left on device"},
    {ESPIPE, "Illegal seek"},
    {EROFS, "Read-only file system"},
    {EPIPE, "Broken pipe"},
    {ERANGE, "Numerical result out of range"},
    {EDEADLK, "Resource deadlock avoided"},
    {ENAMETOOLONG, "File name too long"},
    {ENOSYS, "Function not implemented"},
    {EOVERFLOW, "Value too large for defined data type"},
    {EOPNOTSUPP, "Operation not supported"},
    {EADDRINUSE, "Address already in use"},
    {EADDRNOTAVAIL, "Cannot assign requested address"},
    {ECONNREFUSED, "Connection refused"},
    {ECONNRESET, "Connection reset by peer"},
    {ETIMEDOUT, "Connection timed out"},
    {EIDRM, "Identifier removed"},
};

const char *fmt_strerror(int err) {
  for (size_t i = 0; i < sizeof errno_texts / sizeof errno_texts[0]; i++)
    if (errno_texts[i].err == err)
      return errno_texts[i].text;
  static __thread char unknown[32];
  fmt_format(unknown, sizeof unknown, "errno %d", err);
  return unknown;
}
