/* I/O into and out of shared memory. The kernel answers EFAULT, rather
 * than raising SIGSEGV, when a system call meets a protected page, so data
 * goes through a private bounce buffer: the copy between the buffer and the
 * pool is an ordinary access that faults and is served like any other. */
#include "node.h"
#include "parade.h"
#include "streams.h"
#include "sysio.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BOUNCE = 1 << 16 };

static int needs_bounce(const void *buf) { return node.dsm_active && parade_is_shared(buf); }

ssize_t parade_read(int fd, void *buf, size_t count) {
  if (!needs_bounce(buf))
    return sys_read(fd, buf, count);
  char bounce[BOUNCE];
  size_t done = 0;
  while (done < count) {
    size_t want = count - done < BOUNCE ? count - done : BOUNCE;
    ssize_t n = sys_read(fd, bounce, want);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return done ? (ssize_t)done : -1;
    }
    memcpy((char *)buf + done, bounce, (size_t)n);
    done += (size_t)n;
    if ((size_t)n < want)
      break; /* like read(2): a short read ends the call */
  }
  return (ssize_t)done;
}

ssize_t parade_write(int fd, const void *buf, size_t count) {
  if (count <= SSIZE_MAX && streams_write_stdout(fd, buf, count))
    return (ssize_t)count;
  if (!needs_bounce(buf))
    return sys_write(fd, buf, count);
  char bounce[BOUNCE];
  size_t done = 0;
  while (done < count) {
    size_t want = count - done < BOUNCE ? count - done : BOUNCE;
    memcpy(bounce, (const char *)buf + done, want);
    size_t sent = 0;
    while (sent < want) {
      ssize_t n = sys_write(fd, bounce + sent, want - sent);
      if (n < 0) {
        if (errno == EINTR)
          continue;
        return done + sent ? (ssize_t)(done + sent) : -1;
      }
      sent += (size_t)n;
    }
    done += want;
  }
  return (ssize_t)done;
}

size_t parade_fread(void *buf, size_t size, size_t nmemb, FILE *stream) {
  if (!needs_bounce(buf) || size == 0)
    return fread(buf, size, nmemb, parade_stream(stream, "fread"));
  stream = parade_stream(stream, "fread");
  char bounce[BOUNCE];
  size_t total = size * nmemb, done = 0;
  while (done < total) {
    size_t want = total - done < BOUNCE ? total - done : BOUNCE;
    size_t n = fread(bounce, 1, want, stream);
    memcpy((char *)buf + done, bounce, n);
    done += n;
    if (n < want)
      break;
  }
  /* A partial element read stays in the buffer, as with fread(3). */
  return done / size;
}

size_t parade_fwrite(const void *buf, size_t size, size_t nmemb, FILE *stream) {
  if (!needs_bounce(buf) || size == 0)
    return fwrite(buf, size, nmemb, parade_out_stream(stream, "fwrite"));
  stream = parade_out_stream(stream, "fwrite");
  char bounce[BOUNCE];
  size_t total = size * nmemb, done = 0;
  while (done < total) {
    size_t want = total - done < BOUNCE ? total - done : BOUNCE;
    memcpy(bounce, (const char *)buf + done, want);
    size_t n = fwrite(bounce, 1, want, stream);
    done += n;
    if (n < want)
      break;
  }
  return done / size;
}

char *parade_fgets(char *buf, int size, FILE *stream) {
  if (!needs_bounce(buf) || size <= 0)
    return fgets(buf, size, parade_stream(stream, "fgets"));
  stream = parade_stream(stream, "fgets");
  char bounce[BOUNCE];
  size_t done = 0;
  while (done + 1 < (size_t)size) {
    size_t room = (size_t)size - done;
    int limit = (int)(room < BOUNCE ? room : BOUNCE);
    if (!fgets(bounce, limit, stream)) {
      if (done == 0)
        return NULL;
      break;
    }
    size_t len = strlen(bounce);
    memcpy(buf + done, bounce, len);
    done += len;
    if (len == 0 || bounce[len - 1] == '\n' || len + 1 < (size_t)limit)
      break; /* end of line or of file */
  }
  buf[done] = '\0';
  return buf;
}

/* getdelim reads into a private line the C library allocates, then copies
 * it into the program's line, grown on the shared heap: the C library
 * would otherwise realloc a shared-heap block with its own allocator, and
 * the program's free() of a line the C library allocated is the shared
 * heap's to pass on. */
ssize_t parade_getdelim(char **line, size_t *cap, int delim, FILE *stream) {
  if (!line || !cap) {
    errno = EINVAL;
    return -1;
  }
  char *private_line = NULL;
  size_t private_cap = 0;
  ssize_t len = getdelim(&private_line, &private_cap, delim, parade_stream(stream, "getdelim"));
  if (len < 0) {
    free(private_line);
    return -1;
  }
  if (!*line || *cap < (size_t)len + 1) {
    char *grown = parade_realloc(*line, (size_t)len + 1);
    if (!grown) {
      free(private_line);
      errno = ENOMEM;
      return -1;
    }
    *line = grown;
    *cap = (size_t)len + 1;
  }
  memcpy(*line, private_line, (size_t)len + 1);
  free(private_line);
  return len;
}

ssize_t parade_getline(char **line, size_t *cap, FILE *stream) {
  return parade_getdelim(line, cap, '\n', stream);
}
