//===- MpiPrograms.cpp - programs that call MPI themselves ----------------===//
#include "MpiPrograms.h"

#include "llvm/Support/Path.h"

using namespace clang;

namespace parade {

namespace {
bool namesMpiHeader(llvm::StringRef FileName) {
  return llvm::sys::path::filename(FileName) == "mpi.h";
}
} // namespace

#define PARADE_MPI_REASON                                                                          \
  "this program uses MPI itself (it includes <mpi.h>): parade runs an OpenMP program over MPI, "   \
  "whose ranks are the nodes of that one program, so a hybrid MPI+OpenMP program cannot run "      \
  "with it"

MpiInclusionChecker::MpiInclusionChecker(Preprocessor &PP)
    : PP(PP), ErrorID(PP.getDiagnostics().getCustomDiagID(
                  DiagnosticsEngine::Error, PARADE_MPI_REASON "; build it with mpicc -fopenmp")),
      WarningID(PP.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Warning,
          PARADE_MPI_REASON " (its MPI_Init will stop the job); build it with mpicc -fopenmp")) {}

bool MpiInclusionChecker::FileNotFound(llvm::StringRef FileName) {
  // Not looked for on MPI's paths: the directive says why (below), and
  // Clang's own "file not found", a fatal error, would stop everything
  // that follows, this diagnostic too.
  return namesMpiHeader(FileName);
}

void MpiInclusionChecker::InclusionDirective(SourceLocation HashLoc, const Token &,
                                             llvm::StringRef FileName, bool, CharSourceRange,
                                             OptionalFileEntryRef File, llvm::StringRef,
                                             llvm::StringRef, const Module *, bool,
                                             SrcMgr::CharacteristicKind) {
  if (!namesMpiHeader(FileName))
    return;
  if (!File)
    report(HashLoc, ErrorID);
  else if (Found.isInvalid())
    Found = HashLoc;
}

void MpiInclusionChecker::FileChanged(SourceLocation, FileChangeReason Reason,
                                      SrcMgr::CharacteristicKind, FileID) {
  // As each file ends, mpi.h or one it includes: the parse is still on,
  // and a diagnostic still has its source (at EndOfMainFile the
  // translation has been written).
  if (Reason == ExitFile && Found.isValid() &&
      (PP.isMacroDefined("OMPI_MAJOR_VERSION") || PP.isMacroDefined("MPICH_VERSION")))
    report(Found, WarningID);
}

void MpiInclusionChecker::report(SourceLocation HashLoc, unsigned ID) {
  if (Reported)
    return;
  Reported = true;
  PP.getDiagnostics().Report(HashLoc, ID);
}

} // namespace parade
