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

MpiInclusionChecker::MpiInclusionChecker(Preprocessor &PP)
    : PP(PP),
      ErrorID(PP.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "this program uses MPI itself (it includes <mpi.h>): parade runs an OpenMP program "
          "over MPI, whose ranks are the nodes of that one program, so a hybrid MPI+OpenMP "
          "program cannot be built with it; build it with mpicc -fopenmp")) {}

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
                                             SrcMgr::CharacteristicKind FileType) {
  if (!namesMpiHeader(FileName))
    return;
  if (!File || FileType != SrcMgr::C_User)
    refuse(HashLoc);
  else if (UserHeader.isInvalid())
    UserHeader = HashLoc;
}

void MpiInclusionChecker::FileChanged(SourceLocation, FileChangeReason Reason,
                                      SrcMgr::CharacteristicKind, FileID) {
  // As each file ends, mpi.h or one it includes: the parse is still on,
  // and a diagnostic still has its source (at EndOfMainFile the
  // translation has been written).
  if (Reason == ExitFile && UserHeader.isValid() &&
      (PP.isMacroDefined("OMPI_MAJOR_VERSION") || PP.isMacroDefined("MPICH_VERSION")))
    refuse(UserHeader);
}

void MpiInclusionChecker::refuse(SourceLocation HashLoc) {
  if (Refused)
    return;
  Refused = true;
  PP.getDiagnostics().Report(HashLoc, ErrorID);
}

} // namespace parade
