//===- MpiPrograms.h - programs that call MPI themselves --------*- C++ -*-===//
//
// parade runs an OpenMP program over MPI: the runtime initialises MPI,
// owns MPI_COMM_WORLD, and its ranks are the nodes of one program. A
// hybrid MPI+OpenMP program, which calls MPI itself, expects each rank to
// be a process of its own: it cannot be both. Such a program is refused
// at its #include <mpi.h>, with what to build it with. Before this, the
// translator, which does not search MPI's headers, stopped at
// "'mpi.h' file not found", which says nothing of the reason.
//
// An mpi.h the program holds itself (a stub for its serial build, found
// as a user header) is the program's: it is refused only when it is an MPI
// implementation's (it has defined OMPI_MAJOR_VERSION or MPICH_VERSION
// when its file ends). The runtime refuses MPI_Init and
// MPI_Init_thread too, for a program that declares them itself.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_MPIPROGRAMS_H
#define PARADE_TRANSLATOR_MPIPROGRAMS_H

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

namespace parade {

class MpiInclusionChecker : public clang::PPCallbacks {
public:
  explicit MpiInclusionChecker(clang::Preprocessor &PP);
  bool FileNotFound(llvm::StringRef FileName) override;
  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &IncludeTok,
                          llvm::StringRef FileName, bool IsAngled,
                          clang::CharSourceRange FilenameRange, clang::OptionalFileEntryRef File,
                          llvm::StringRef SearchPath, llvm::StringRef RelativePath,
                          const clang::Module *SuggestedModule, bool ModuleImported,
                          clang::SrcMgr::CharacteristicKind FileType) override;
  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind FileType, clang::FileID PrevFID) override;

private:
  void refuse(clang::SourceLocation HashLoc);
  clang::Preprocessor &PP;
  unsigned ErrorID;
  bool Refused = false;
  clang::SourceLocation UserHeader; ///< the first mpi.h found as a user header
};

} // namespace parade

#endif
