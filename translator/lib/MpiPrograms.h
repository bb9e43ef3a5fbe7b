//===- MpiPrograms.h - programs that call MPI themselves --------*- C++ -*-===//
//
// parade runs an OpenMP program over MPI: the runtime initialises MPI,
// owns MPI_COMM_WORLD, and its ranks are the nodes of one program. A
// hybrid MPI+OpenMP program, which calls MPI itself, expects each rank to
// be a process of its own: it cannot be both.
//
// The translator does not search MPI's headers: an #include <mpi.h> not
// found is an error that says why, with what to build the program with
// (before, "'mpi.h' file not found" said nothing of the reason). One that
// finds an MPI implementation's header (it has defined OMPI_MAJOR_VERSION
// or MPICH_VERSION when its file ends), on paths the build gives, is
// warned about: the file may only be compiled (CMake's FindMPI compiles a
// probe with the project's compiler), and the runtime refuses the
// program's MPI_Init and MPI_Init_thread with the same reason when it
// runs. An mpi.h of the program's own (a stand-in for its serial build)
// is the program's.
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
  void report(clang::SourceLocation HashLoc, unsigned ID);
  clang::Preprocessor &PP;
  unsigned ErrorID, WarningID;
  bool Reported = false;
  clang::SourceLocation Found; ///< the first #include of an mpi.h that was found
};

} // namespace parade

#endif
