//===- Purity.cpp - What a call to an unseen function can do -------------===//
#include "Purity.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace parade {

namespace {

/// C library functions that touch memory only through their arguments,
/// keep no pointer and call no function of the program. Not here on
/// purpose: strtok (keeps its string), strtol and strtod (store a pointer
/// into their argument), qsort and bsearch (call back), setbuf and
/// setvbuf (keep the buffer).
const llvm::StringSet<> ThroughArgumentFunctions = {
    // string.h
    "memcpy", "memmove", "memset", "memcmp", "memchr", "bcmp", "bcopy", "bzero", "strlen",
    "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp", "strcoll", "strcpy", "strncpy",
    "stpcpy", "stpncpy", "strcat", "strncat", "strchr", "strrchr", "strstr", "strpbrk", "strspn",
    "strcspn",
    // stdio.h and unistd.h
    "printf", "fprintf", "sprintf", "snprintf", "dprintf", "vprintf", "vfprintf", "vsprintf",
    "vsnprintf", "scanf", "fscanf", "sscanf", "vscanf", "vfscanf", "vsscanf", "puts", "fputs",
    "fputc", "putc", "putchar", "fgetc", "getc", "getchar", "ungetc", "fgets", "fread", "fwrite",
    "fflush", "feof", "ferror", "perror", "read", "write",
    // stdlib.h and stdarg.h
    "atoi", "atol", "atoll", "atof", "va_start", "c23_va_start", "va_end", "va_copy", "rand_r",
    "erand48", "nrand48", "jrand48", "drand48_r", "erand48_r", "nrand48_r",
    // system calls and their wrappers that fill or read the caller's
    // buffers (the kernel cannot write to a protected pool page: a local
    // they reach must stay on the stack)
    "stat", "lstat", "fstat", "fstatat", "stat64", "lstat64", "fstat64", "statvfs", "fstatvfs",
    "statfs", "fstatfs", "pipe", "pipe2", "socketpair", "getcwd", "gethostname", "readlink",
    "access", "unlink", "rmdir", "mkdir", "chdir", "rename", "open", "openat", "creat", "pread",
    "pwrite", "recv", "recvfrom", "send", "sendto", "getsockname", "getpeername", "getsockopt",
    "setsockopt", "poll", "select", "wait", "waitpid", "gettimeofday", "time", "times",
    "clock_gettime", "clock_getres", "nanosleep", "clock_nanosleep", "getitimer", "setitimer",
    "timespec_get", "localtime_r", "gmtime_r", "ctime_r", "asctime_r", "strftime", "mktime",
    "timegm", "getrusage", "getrlimit", "setrlimit", "prlimit", "uname", "sysinfo",
    "sched_getaffinity", "sched_setaffinity", "strerror_r"};

/// Declared only where the program cannot redefine it: system headers, or
/// implicitly by Clang.
bool declaredBySystem(const FunctionDecl *F) {
  const SourceManager &SM = F->getASTContext().getSourceManager();
  for (const FunctionDecl *R : F->redecls())
    if (!R->isImplicit() && !SM.isInSystemHeader(R->getLocation()))
      return false;
  return true;
}

bool takesFunctionPointer(const CallExpr *C) {
  for (const Expr *A : C->arguments()) {
    QualType T = A->IgnoreParenImpCasts()->getType();
    if (T->isFunctionPointerType() || T->isFunctionType() || T->isBlockPointerType())
      return true;
  }
  return false;
}

} // namespace

CallEffect callEffect(const FunctionDecl *F) {
  if (!F)
    return CallEffect::Unknown;
  // A const function reads no memory at all; the program may promise it.
  if (F->hasAttr<ConstAttr>())
    return CallEffect::Pure;
  if (!declaredBySystem(F))
    return CallEffect::Unknown;
  if (unsigned ID = F->getBuiltinID()) {
    const Builtin::Context &Builtins = F->getASTContext().BuiltinInfo;
    if (Builtins.isConst(ID) || Builtins.isConstWithoutErrnoAndExceptions(ID) ||
        Builtins.isConstWithoutExceptions(ID))
      return CallEffect::Pure;
  }
  if (!F->getIdentifier())
    return CallEffect::Unknown;
  llvm::StringRef Name = F->getName();
  Name.consume_front("__builtin_");
  return ThroughArgumentFunctions.count(Name) ? CallEffect::ThroughArguments : CallEffect::Unknown;
}

bool mayForkOutsideUnit(const CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F)
    return true;
  if (F->isDefined())
    return false;
  // The OpenMP API (parade's omp.h is not a system header) never forks.
  if (F->getIdentifier() && F->getName().starts_with("omp_"))
    return false;
  if (callEffect(F) != CallEffect::Unknown)
    return false;
  return !declaredBySystem(F) || takesFunctionPointer(C);
}

} // namespace parade
