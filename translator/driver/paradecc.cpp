//===- paradecc.cpp - The parade compiler driver ----------------------------===//
//
// Used like mpicc: translates each C source with parade-translate, compiles
// the result with the MPI C compiler wrapper, and links libparade, MPI and
// pthreads.
//
//   paradecc [-c | -S | -E | -M | -MM] [-o out] [gcc options] [-Rparade] [-fparade-sync=lock]
//            [-fparade-small-threshold=N] [--show] [-v] [--keep] files...
//   paradecc --help | --version
//
// Programs are run directly (never through a shell); temporary files are
// created private (0600, unpredictable names) and removed afterwards.
//===----------------------------------------------------------------------===//
#include "clang/Driver/Options.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;

namespace {

/// A private temporary file, or only its would-be name with --show.
std::optional<std::string> temporary(StringRef Suffix, bool Show) {
  if (Show)
    return "/tmp/parade-XXXXXX." + Suffix.str();
  SmallString<256> P;
  if (auto EC = sys::fs::createTemporaryFile("parade", Suffix, P)) {
    errs() << "paradecc: error: cannot create a temporary file: " << EC.message() << "\n";
    return std::nullopt;
  }
  return std::string(P);
}

struct Layout {
  std::string Translate, IncludeDir, Library;
};

/// Installed (bin/../include/parade, bin/../lib) or the build tree.
Layout findLayout(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&findLayout);
  SmallString<256> Dir(sys::path::parent_path(Exe));
  Layout L;
  SmallString<256> Translate(Dir);
  sys::path::append(Translate, "parade-translate");
  L.Translate = std::string(Translate);
  SmallString<256> Installed(Dir);
  sys::path::append(Installed, "..", "include", "parade", "parade.h");
  if (sys::fs::exists(Installed)) {
    SmallString<256> Inc(Dir), Lib(Dir);
    sys::path::append(Inc, "..", "include", "parade");
    sys::path::append(Lib, "..", "lib", "libparade.a");
    L.IncludeDir = std::string(Inc);
    L.Library = std::string(Lib);
  } else {
    L.IncludeDir = PARADE_SOURCE_INCLUDE_DIR;
    L.Library = PARADE_BUILD_LIBRARY;
  }
  return L;
}

void show(ArrayRef<std::string> Args) {
  for (size_t I = 0; I < Args.size(); I++)
    outs() << (I ? " " : "") << Args[I];
  outs() << "\n";
}

/// -v: print each command on stderr as it runs.
bool Verbose = false;

int run(ArrayRef<std::string> Args, bool Show) {
  if (Show) {
    show(Args);
    return 0;
  }
  if (Verbose) {
    for (size_t I = 0; I < Args.size(); I++)
      errs() << (I ? " " : "") << Args[I];
    errs() << "\n";
  }
  auto Program = sys::findProgramByName(Args[0]);
  if (!Program) {
    errs() << "paradecc: error: cannot find '" << Args[0] << "'\n";
    return 1;
  }
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  std::string Error;
  int Status = sys::ExecuteAndWait(*Program, Refs, std::nullopt, {}, 0, 0, &Error);
  if (Status < 0) {
    errs() << "paradecc: error: running '" << Args[0] << "': " << Error << "\n";
    return 1;
  }
  return Status;
}

bool hasSuffix(StringRef Path, StringRef Ext) { return sys::path::extension(Path) == Ext; }

/// The final compile read the translation, so its dependency file names
/// it: name the source instead, or make would look for the temporary.
bool fixDependencies(const std::string &Deps, const std::string &Translated, const std::string &Src,
                     const std::string &WrittenList, const std::vector<std::string> &DepFlags) {
  auto Buffer = MemoryBuffer::getFile(Deps);
  if (!Buffer) {
    errs() << "paradecc: error: cannot read the dependency file '" << Deps
           << "': " << Buffer.getError().message() << "\n";
    return false;
  }
  std::string Text = (*Buffer)->getBuffer().str();
  for (size_t At = 0; (At = Text.find(Translated, At)) != std::string::npos; At += Src.size())
    Text.replace(At, Translated.size(), Src);
  // The headers written into the translation: prerequisites of the same
  // targets (make joins the rules), and with -MP targets of their own.
  auto Written = MemoryBuffer::getFile(WrittenList);
  SmallVector<StringRef, 8> Headers;
  if (Written)
    (*Written)->getBuffer().split(Headers, '\n', -1, /*KeepEmpty=*/false);
  size_t Colon = Text.find(": ");
  if (!Headers.empty() && Colon != std::string::npos) {
    std::vector<std::string> Names; // as make reads them
    for (StringRef H : Headers) {
      std::string Name;
      for (char C : H) {
        if (C == ' ' || C == '#')
          Name += '\\';
        if (C == '$')
          Name += '$';
        Name += C;
      }
      Names.push_back(Name);
    }
    if (Text.back() != '\n')
      Text += '\n';
    Text += Text.substr(0, Colon) + ":";
    for (const std::string &N : Names)
      Text += " " + N;
    Text += "\n";
    if (llvm::is_contained(DepFlags, "-MP"))
      for (const std::string &N : Names)
        Text += "\n" + N + ":\n";
  }
  std::error_code EC;
  raw_fd_ostream Out(Deps, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "paradecc: error: cannot write the dependency file '" << Deps << "': " << EC.message()
           << "\n";
    return false;
  }
  Out << Text;
  return true;
}

void usage() {
  outs() << R"(usage: paradecc [options] files...

Compiles OpenMP C programs for a cluster: each C source is translated by
parade-translate, compiled by the MPI C compiler, and linked with the parade
runtime. Run the result with mpirun; each rank runs OMP_NUM_THREADS threads.
Takes gcc's options (-c, -o, -O2, -I, -D, -l, -MMD -MF, ...); -fopenmp is
accepted and implied. -E, -M and -MM preprocess the program as its
compile sees it (parade's omp.h, _OPENMP); -S gives the translation's
assembly; -dumpversion, -dumpmachine and -print-* ask the C compiler.

parade's options:
  -fparade-sync=lock        the conventional DSM path (locks and barriers)
                            for every critical, atomic, single and reduction
  -fparade-small-threshold=N  largest shared footprint (bytes) that goes by
                            message passing instead (default 256)
  -Rparade                  explain how each directive was translated
  --keep                    keep each translation as FILE.parade.c
  --show, -show             print the commands instead of running them
  -v                        print the commands as they run
  --version                 versions of parade, its Clang and the compiler
  --help                    this text
)";
}

/// For each argument of the command line, how many of the arguments after
/// it are its values (`-Xassembler ARG`, `--param NAME=V`): Clang's driver
/// table knows the arity of every flag it has, gcc's included. A flag it
/// does not know takes none.
std::vector<unsigned> valueCounts(int argc, char **argv) {
  std::vector<unsigned> Counts(argc, 0);
  std::vector<const char *> Args(argv + 1, argv + argc);
  const opt::OptTable &Table = clang::driver::getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList List = Table.ParseArgs(Args, MissingIndex, MissingCount,
                                           opt::Visibility(clang::driver::options::ClangOption));
  // Each parsed argument starts at its index and runs to the next one's.
  std::vector<unsigned> Starts;
  for (const opt::Arg *A : List)
    Starts.push_back(A->getIndex());
  std::sort(Starts.begin(), Starts.end());
  for (size_t K = 0; K < Starts.size(); K++) {
    unsigned End = K + 1 < Starts.size() ? Starts[K + 1] : Args.size();
    if (End > Starts[K] + 1)
      Counts[Starts[K] + 1] = End - Starts[K] - 1;
  }
  return Counts;
}

} // namespace

/// _OPENMP's value: the translator's OpenMP version, or the program's own
/// choice (-fopenmp-version=).
static std::string openmpVersion(const std::vector<std::string> &OpenMPFlags) {
  std::string Version = "202111";
  for (const std::string &F : OpenMPFlags) {
    StringRef V(F);
    if (V.consume_front("-fopenmp-version="))
      Version = V == "45" ? "201511" : V == "50" ? "201811" : V == "51" ? "202011" : "202111";
  }
  return Version;
}

int main(int argc, char **argv) {
  Layout L = findLayout(argv[0]);
  // A response file (@FILE, as Makefiles with long flag lists pass them)
  // stands for the arguments it holds, split as gcc splits them: each
  // goes to the step it belongs to, -D and -I to the translation too. A
  // name that is no readable file stays an argument, as with gcc.
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 64> Expanded(argv, argv + argc);
  if (std::any_of(argv + 1, argv + argc, [](const char *A) { return A[0] == '@'; })) {
    cl::ExpansionContext Expansion(Alloc, cl::TokenizeGNUCommandLine);
    if (Error E = Expansion.expandResponseFiles(Expanded)) {
      errs() << "paradecc: error: " << toString(std::move(E)) << "\n";
      return 1;
    }
    Expanded.push_back(nullptr);
    argc = (int)Expanded.size() - 1;
    argv = const_cast<char **>(Expanded.data());
  }
  std::vector<std::string> Sources, AsmSources, Inputs, TranslateFlags, PreprocFlags, CompileFlags,
      LinkFlags, OpenMPFlags;
  std::string Output;
  bool CompileOnly = false, Show = false, Keep = false;
  // Dependency-file flags go to the final compile, whose output is fixed
  // afterwards to name the source instead of its translation.
  std::vector<std::string> DepFlags;
  std::string DepFile, DepTarget;
  bool WantDeps = false, ForceC = false, FromStdin = false;
  // -E, -M or -MM: only preprocess, as the final compile would see the
  // program (parade's omp.h, _OPENMP). -S: the translation's assembly.
  std::string Preprocess;
  bool Assemble = false;
  std::vector<std::string> Query;
  std::vector<unsigned> Values = valueCounts(argc, argv);
  for (int I = 1; I < argc; I++) {
    StringRef A(argv[I]);
    auto Next = [&](StringRef Flag) -> std::optional<std::string> {
      if (I + 1 >= argc) {
        errs() << "paradecc: error: " << Flag << " needs an argument\n";
        return std::nullopt;
      }
      return std::string(argv[++I]);
    };
    if (A == "--help" || A == "-help") {
      usage();
      return 0;
    } else if (A == "--version") {
      outs() << "paradecc (parade) " << PARADE_VERSION << "\ntranslator: Clang "
             << PARADE_CLANG_VERSION << "\ncompiler: " << PARADE_MPICC << "\n";
      outs().flush();
      return run({PARADE_MPICC, "--version"}, false);
    } else if (A == "-v") {
      Verbose = true;
    } else if (A == "--show" || A == "-show") {
      Show = true;
    } else if (A == "--keep") {
      Keep = true;
    } else if (A == "-c") {
      CompileOnly = true;
    } else if (A == "-o") {
      auto V = Next(A);
      if (!V)
        return 2;
      Output = *V;
    } else if (A == "-Rparade" || A.starts_with("-fparade-")) {
      TranslateFlags.push_back(A.str());
    } else if (A == "-fopenmp" || A == "-qopenmp" || A == "-openmp") {
      // OpenMP is what paradecc translates. gcc's -fopenmp implies
      // -pthread, which defines _REENTRANT (and so, under -std=c99, the
      // POSIX declarations: struct timespec, clock_gettime, strtok_r).
      if (std::find(CompileFlags.begin(), CompileFlags.end(), "-pthread") == CompileFlags.end())
        CompileFlags.push_back("-pthread");
    } else if (A.starts_with("-fopenmp-version=")) {
      OpenMPFlags.push_back(A.str()); // Clang's: for the translator only
    } else if (A.starts_with("-fopenmp-targets=")) {
      // Clang's offload targets: the host is the device.
    } else if (A == "-I" || A == "-D" || A == "-U" || A == "-include" || A == "-imacros" ||
               A == "-isystem" || A == "-idirafter" || A == "-iquote") {
      auto V = Next(A);
      if (!V)
        return 2;
      PreprocFlags.push_back(A.str());
      PreprocFlags.push_back(*V);
    } else if (A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U") ||
               A.starts_with("-isystem") || A.starts_with("-idirafter") ||
               A.starts_with("-iquote")) {
      PreprocFlags.push_back(A.str());
    } else if (A == "-MF" || A == "-MT" || A == "-MQ") {
      auto V = Next(A);
      if (!V)
        return 2;
      (A == "-MF" ? DepFile : DepTarget) = *V;
      if (A != "-MF")
        DepFlags.insert(DepFlags.end(), {A.str(), *V});
    } else if (A == "-MD" || A == "-MMD") {
      WantDeps = true;
      DepFlags.push_back(A.str());
    } else if (A == "-MP") {
      DepFlags.push_back(A.str());
    } else if (A == "-shared") {
      // A library's globals would not be in the executable's DSM sections,
      // and silently not shared.
      errs() << "paradecc: error: -shared: parade builds executables; put OpenMP code in "
                "the program or in a static library (ar) built with paradecc\n";
      return 2;
    } else if (A == "-E" || A == "-M" || A == "-MM") {
      Preprocess = A.str(); // the program as written: no translation
    } else if (A == "-S") {
      Assemble = true;
    } else if (A == "-dumpversion" || A == "-dumpfullversion" || A == "-dumpmachine" ||
               A == "-dumpspecs" || A.starts_with("-print-")) {
      Query.push_back(A.str()); // about the compiler, answered by it
    } else if (A == "-x") {
      auto V = Next(A);
      if (!V)
        return 2;
      if (*V != "c" && *V != "none") {
        errs() << "paradecc: error: -x " << *V << ": parade translates OpenMP C only\n";
        return 2;
      }
      ForceC = *V == "c";
    } else if (A == "-Xlinker" || A == "-u" || A == "-T" || A == "-z") {
      auto V = Next(A);
      if (!V)
        return 2;
      LinkFlags.insert(LinkFlags.end(), {A.str(), *V});
    } else if (A == "-l" || A == "-L") {
      auto V = Next(A);
      if (!V)
        return 2;
      LinkFlags.push_back(A.str() + *V);
    } else if (A.starts_with("-l") || A.starts_with("-L") || A.starts_with("-Wl,") ||
               A == "-static" || A == "-rdynamic") {
      LinkFlags.push_back(A.str());
    } else if (A == "-") {
      FromStdin = true; // the source on standard input (with -x c)
    } else if (A.starts_with("-")) {
      CompileFlags.push_back(A.str()); // -O*, -g, -W*, -f*, -m*, -pthread, ...
      for (unsigned K = 0; K < Values[I] && I + 1 < argc; K++)
        CompileFlags.push_back(argv[++I]); // its values (-Xassembler ARG)
    } else if (hasSuffix(A, ".c") || (ForceC && !hasSuffix(A, ".o") && !hasSuffix(A, ".a"))) {
      Sources.push_back(A.str());
    } else if (hasSuffix(A, ".s") || hasSuffix(A, ".S") || hasSuffix(A, ".sx")) {
      // Assembled as they are: by the link, in their place among its
      // inputs, or alone with -c.
      AsmSources.push_back(A.str());
      Inputs.push_back(A.str());
    } else if (hasSuffix(A, ".i")) {
      // Its directives were written for a compiler that did not see
      // parade's omp.h; compiled as it is, its regions would not be
      // translated.
      errs() << "paradecc: error: " << A
             << ": preprocessed C is not supported; give paradecc the .c source\n";
      return 2;
    } else if (hasSuffix(A, ".cpp") || hasSuffix(A, ".cc") || hasSuffix(A, ".cxx") ||
               hasSuffix(A, ".C") || hasSuffix(A, ".c++") || hasSuffix(A, ".cp")) {
      // Passed on untranslated it would build, and every rank would run
      // the whole program serially.
      errs() << "paradecc: error: " << A
             << ": C++ sources are not supported; parade translates OpenMP C\n";
      return 2;
    } else {
      Inputs.push_back(A.str()); // objects and libraries
    }
  }
  // -fcommon (the last of it and -fno-common): the translator makes the
  // file's tentative definitions weak, as common symbols would be.
  for (auto F = CompileFlags.rbegin(); F != CompileFlags.rend(); ++F)
    if (*F == "-fcommon" || *F == "-fno-common") {
      if (*F == "-fcommon")
        TranslateFlags.push_back("-fparade-common");
      break;
    }
  // The translator must see the macros the final compile sees: -O2 defines
  // __OPTIMIZE__, -march and -m* the instruction-set macros, -std and
  // -ffast-math theirs. It takes every compile flag but warnings, debug
  // information and gcc's plug-ins, and drops what Clang does not know.
  std::vector<std::string> MacroFlags;
  for (const std::string &F : CompileFlags) {
    StringRef Flag(F);
    if (Flag.starts_with("-W") || Flag.starts_with("-g") || Flag.starts_with("-fplugin") ||
        Flag.starts_with("-save-temps") || Flag == "-pipe" || Flag == "-v" || Flag == "-w")
      continue;
    MacroFlags.push_back(F);
  }
  if (!Query.empty() && Sources.empty() && Inputs.empty()) {
    std::vector<std::string> Ask = {PARADE_MPICC};
    Ask.insert(Ask.end(), Query.begin(), Query.end());
    return run(Ask, Show);
  }
  // A source on standard input: the preprocessor reads it as it is (`echo
  // ... | paradecc -dM -E -`); a compile saves it to a file to translate.
  std::string StdinCopy;
  if (FromStdin && !Preprocess.empty()) {
    Sources.push_back("-");
  } else if (FromStdin) {
    SmallString<128> Path;
    if (sys::fs::createTemporaryFile("paradecc-stdin", "c", Path)) {
      errs() << "paradecc: error: cannot save the source on standard input\n";
      return 1;
    }
    ErrorOr<std::unique_ptr<MemoryBuffer>> In = MemoryBuffer::getSTDIN();
    std::error_code EC;
    raw_fd_ostream Out(Path, EC);
    if (!In || EC) {
      errs() << "paradecc: error: cannot read the source on standard input\n";
      return 1;
    }
    Out << (*In)->getBuffer();
    Out.close();
    StdinCopy = Path.str().str();
    Sources.push_back(StdinCopy);
  }
  if (!Preprocess.empty()) {
    if (Sources.empty()) {
      errs() << "paradecc: error: " << Preprocess << ": no C source files\n";
      return 2;
    }
    // -isystem: -MM leaves omp.h out, as it does gcc's.
    std::vector<std::string> Cpp = {PARADE_MPICC, Preprocess, "-isystem", L.IncludeDir,
                                    "-D_OPENMP=" + openmpVersion(OpenMPFlags)};
    Cpp.insert(Cpp.end(), PreprocFlags.begin(), PreprocFlags.end());
    Cpp.insert(Cpp.end(), CompileFlags.begin(), CompileFlags.end());
    Cpp.insert(Cpp.end(), DepFlags.begin(), DepFlags.end());
    if (!DepFile.empty())
      Cpp.insert(Cpp.end(), {"-MF", DepFile});
    if (ForceC)
      Cpp.insert(Cpp.end(), {"-x", "c"});
    Cpp.insert(Cpp.end(), Sources.begin(), Sources.end());
    if (!Output.empty())
      Cpp.insert(Cpp.end(), {"-o", Output});
    return run(Cpp, Show);
  }
  // -fsyntax-only: the translation is checked by the compiler, and
  // nothing is written or linked.
  bool SyntaxOnly =
      std::find(CompileFlags.begin(), CompileFlags.end(), "-fsyntax-only") != CompileFlags.end();
  if (Assemble || SyntaxOnly)
    CompileOnly = true;
  if (Sources.empty() && Inputs.empty()) {
    errs() << "paradecc: error: no input files\n";
    return 2;
  }
  if (CompileOnly && !Output.empty() && Sources.size() + AsmSources.size() > 1) {
    errs() << "paradecc: error: -o with " << (Assemble ? "-S" : "-c") << " takes one source file\n";
    return 2;
  }

  std::vector<std::string> Temporaries;
  if (!StdinCopy.empty())
    Temporaries.push_back(StdinCopy);
  auto Cleanup = [&]() {
    if (!Show)
      for (const std::string &T : Temporaries)
        sys::fs::remove(T);
  };
  std::vector<std::string> Objects;
  // A file named after the source in the working directory, or a private
  // temporary that Cleanup removes.
  auto Place = [&](const std::string &Src, bool Named,
                   StringRef Suffix) -> std::optional<std::string> {
    if (Named) {
      SmallString<256> P(sys::path::filename(Src));
      sys::path::replace_extension(P, "." + Suffix);
      return std::string(P);
    }
    auto P = temporary(Suffix, Show);
    if (P)
      Temporaries.push_back(*P);
    return P;
  };
  // An assembly source with -c (or -S): nothing to translate; compiled as
  // gcc would, to the object named after it.
  // (-S of one: gcc writes nothing either.)
  for (const std::string &Src : AsmSources) {
    if (!CompileOnly || Assemble)
      break;
    std::string Object = Output;
    if (Object.empty()) {
      SmallString<256> P(sys::path::filename(Src));
      sys::path::replace_extension(P, ".o");
      Object = std::string(P);
    }
    // A .S file's preprocessor sees _OPENMP, as gcc -fopenmp's does.
    std::vector<std::string> Compile = {
        PARADE_MPICC, "-c", Src, "-o", Object, "-D_OPENMP=" + openmpVersion(OpenMPFlags)};
    Compile.insert(Compile.end(), PreprocFlags.begin(), PreprocFlags.end());
    Compile.insert(Compile.end(), CompileFlags.begin(), CompileFlags.end());
    Compile.insert(Compile.end(), DepFlags.begin(), DepFlags.end());
    if (!DepFile.empty())
      Compile.insert(Compile.end(), {"-MF", DepFile});
    if (int S = run(Compile, Show)) {
      Cleanup();
      return S;
    }
  }
  for (const std::string &Src : Sources) {
    std::optional<std::string> Translated = Place(Src, Keep, Keep ? "parade.c" : "c");
    if (!Translated) {
      Cleanup();
      return 1;
    }
    // The C library's inline and fortified wrappers would reach past the
    // replaced functions (at -O2 getline is an inline call of __getdelim;
    // _FORTIFY_SOURCE turns read and fgets into __read_chk and __fgets_chk):
    // the file is translated and compiled without them.
    const std::vector<std::string> NoLibraryWrappers = {"-D__NO_INLINE__", "-U_FORTIFY_SOURCE",
                                                        "-D_FORTIFY_SOURCE=0"};
    std::vector<std::string> Translate = {L.Translate};
    Translate.insert(Translate.end(), TranslateFlags.begin(), TranslateFlags.end());
    // The source on standard input: gcc calls it <stdin>, and looks for
    // its quoted includes in the working directory.
    bool IsStdin = !StdinCopy.empty() && Src == StdinCopy;
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    Translate.push_back("-fparade-file-name=" +
                        (IsStdin ? std::string("<stdin>") : Src)); // __FILE__ as gcc spells it
    // The headers the translation writes into the file are no longer
    // opened by its compile; the dependency file must still name them.
    std::optional<std::string> Written;
    if (WantDeps) {
      if (!(Written = Place(Src, false, "headers"))) {
        Cleanup();
        return 1;
      }
      Translate.push_back("-fparade-written-headers=" + *Written);
    }
    Translate.insert(Translate.end(), {Src, "-o", *Translated, "--", "-I" + L.IncludeDir});
    if (IsStdin)
      Translate.insert(Translate.end(), {"-iquote", std::string(Cwd)});
    Translate.insert(Translate.end(), PreprocFlags.begin(), PreprocFlags.end());
    Translate.insert(Translate.end(), MacroFlags.begin(), MacroFlags.end());
    Translate.insert(Translate.end(), OpenMPFlags.begin(), OpenMPFlags.end());
    Translate.insert(Translate.end(), NoLibraryWrappers.begin(), NoLibraryWrappers.end());
    if (!hasSuffix(Src, ".c")) // named by -x c
      Translate.insert(Translate.end(), {"-x", "c"});
    if (int S = run(Translate, Show)) {
      Cleanup();
      return S;
    }
    std::optional<std::string> Object =
        CompileOnly && !Output.empty()        ? Output
        : IsStdin && CompileOnly && !Assemble ? std::optional<std::string>("-.o")
        : IsStdin && CompileOnly              ? std::optional<std::string>("-.s")
                                              : Place(Src, CompileOnly, Assemble ? "s" : "o");
    if (!Object) {
      Cleanup();
      return 1;
    }
    // The translation is compiled from elsewhere (a temporary file):
    // quoted includes must still find headers beside the source.
    SmallString<256> SrcDir(Src);
    sys::fs::make_absolute(SrcDir);
    sys::path::remove_filename(SrcDir);
    if (IsStdin)
      SrcDir = Cwd;
    std::vector<std::string> Compile = {
        PARADE_MPICC, Assemble ? "-S" : "-c", *Translated,        "-o", *Object,
        "-iquote",    std::string(SrcDir),    "-I" + L.IncludeDir};
    Compile.insert(Compile.end(), PreprocFlags.begin(), PreprocFlags.end());
    // The program's functions stay inside the executable: one named like a
    // C library function (a solver's own read or write) must not capture
    // the MPI library's calls. A later -fvisibility= of the user's wins.
    Compile.push_back("-fvisibility=hidden");
#define PARADE_REPLACED(Name) Compile.push_back("-fno-builtin-" #Name);
#include "ReplacedFunctions.def"
    for (const std::string &F : CompileFlags) {
      // The translation declares variables in for statements (C99): a
      // C89 program is compiled as GNU C99 with C89's inline semantics.
      if (F == "-ansi" || F == "-std=c89" || F == "-std=c90" || F == "-std=gnu89" ||
          F == "-std=gnu90" || F == "-std=iso9899:1990" || F == "-std=iso9899:199409")
        // Without what C99 warns of and C89 allowed (implicit int and
        // function declarations), which gcc -std=gnu89 does not mention.
        Compile.insert(Compile.end(), {"-std=gnu99", "-fgnu89-inline", "-Wno-implicit-int",
                                       "-Wno-implicit-function-declaration"});
      else
        Compile.push_back(F);
    }
    Compile.insert(Compile.end(), NoLibraryWrappers.begin(), NoLibraryWrappers.end());
    // The translation is compiled without -fopenmp: the OpenMP pragmas of
    // the headers it includes (threadprivate, declare simd) would be
    // unknown pragmas, an error with -Werror, where gcc -fopenmp knows them.
    Compile.push_back("-Wno-unknown-pragmas");
    // Where gcc would write the dependency file and what it would name as
    // the target, for this source as the user compiled it.
    std::string Deps;
    if (WantDeps) {
      SmallString<256> D(CompileOnly ? StringRef(*Object) : sys::path::filename(Src));
      sys::path::replace_extension(D, ".d");
      Deps = DepFile.empty() ? std::string(D) : DepFile;
      Compile.insert(Compile.end(), DepFlags.begin(), DepFlags.end());
      Compile.insert(Compile.end(), {"-MF", Deps});
      if (DepTarget.empty() && !CompileOnly) {
        SmallString<256> T(sys::path::filename(Src));
        sys::path::replace_extension(T, ".o");
        Compile.insert(Compile.end(), {"-MT", std::string(T)});
      }
    }
    if (int S = run(Compile, Show)) {
      Cleanup();
      return S;
    }
    if (!Deps.empty() && !Show && !fixDependencies(Deps, *Translated, Src, *Written, DepFlags)) {
      Cleanup();
      return 1;
    }
    Objects.push_back(*Object);
  }
  int Status = 0;
  if (!CompileOnly) {
    std::vector<std::string> Link = {PARADE_MPICC};
    // A position-dependent executable has the same code addresses on every
    // rank, so function pointers stored in shared data work on all of them.
    bool PieChosen = false;
    for (const std::vector<std::string> *Flags : {&CompileFlags, &LinkFlags})
      for (const std::string &F : *Flags)
        PieChosen |= F == "-pie" || F == "-static-pie";
    if (!PieChosen)
      Link.push_back("-no-pie");
    for (const std::string &F : CompileFlags)
      if (!StringRef(F).starts_with("-M"))
        Link.push_back(F);
    Link.insert(Link.end(), Objects.begin(), Objects.end());
    Link.insert(Link.end(), Inputs.begin(), Inputs.end());
    Link.insert(Link.end(), {"-o", Output.empty() ? "a.out" : Output});
    Link.insert(Link.end(), LinkFlags.begin(), LinkFlags.end());
    // With _FILE_OFFSET_BITS=64 the C library's headers name the 64-bit
    // entry points (an asm label), which the translation's #pragma
    // redefine_extname does not rename: the runtime's __wrap_ functions
    // take them.
    Link.push_back("-Wl,--wrap=mmap64,--wrap=fopen64,--wrap=freopen64,--wrap=tmpfile64");
    // The runtime comes after every object and library of the program: its
    // guard pages must end the sections of shared globals (runtime/globals.c).
    Link.insert(Link.end(), {L.Library, "-lpthread", "-ldl", "-lm"});
    Status = run(Link, Show);
  }
  Cleanup();
  return Status;
}
