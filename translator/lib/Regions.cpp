//===- Regions.cpp - Parallel regions -------------------------------------===//
#include "Regions.h"

#include "ArgBlock.h"
#include "AstUtil.h"
#include "DataEnvironment.h"
#include "Tasks.h"
#include "WorkSharing.h"

#include "clang/AST/OpenMPClause.h"
#include "llvm/ADT/SetVector.h"

using namespace clang;
using llvm::omp::Directive;

namespace parade {

namespace {

/// What the region runs: its work-sharing part (a combined construct) or
/// its body.
std::string regionBody(ConstructContext &C, const OMPExecutableDirective *D) {
  if (isTaskLoop(D)) { // parallel master taskloop, parallel masked taskloop
    const auto *F = clause<OMPFilterClause>(D);
    return "if (parade_thread_num() == " + (F ? C.clauseText(D, F->getThreadID()) : "0") + ") " +
           taskloop(C, D, /*InRegionTail=*/true);
  }
  if (isLoop(D))
    return loop(C, D, /*InRegionTail=*/true);
  if (D->getDirectiveKind() == Directive::OMPD_parallel_sections)
    return sections(C, D, true);
  if (D->getDirectiveKind() == Directive::OMPD_parallel_master)
    return "if (parade_thread_num() == 0) " + C.bodyText(D);
  if (D->getDirectiveKind() == Directive::OMPD_parallel_masked) {
    const auto *F = clause<OMPFilterClause>(D);
    return "if (parade_thread_num() == " + (F ? C.clauseText(D, F->getThreadID()) : "0") + ") " +
           C.bodyText(D);
  }
  return C.bodyText(D);
}

/// The team-size and if arguments of the runtime call for region @p D:
/// num_threads (num_teams on a league), 0 for the default; the if clause
/// that applies to the region, "1" without one (if(target: ...) has
/// nothing to decide when the host is the device).
std::pair<std::string, std::string> teamArguments(ConstructContext &C,
                                                  const OMPExecutableDirective *D) {
  std::string NumThreads = "0", If = "1";
  if (const auto *N = clause<OMPNumThreadsClause>(D))
    NumThreads = C.clauseText(D, N->getNumThreads());
  if (const auto *N = clause<OMPNumTeamsClause>(D))
    NumThreads = C.clauseText(D, N->getNumTeams());
  for (const auto *I : D->getClausesOfKind<OMPIfClause>())
    if (!isLeague(D) && (I->getNameModifier() == llvm::omp::OMPD_unknown ||
                         I->getNameModifier() == llvm::omp::OMPD_parallel))
      If = "(" + C.clauseText(D, I->getCondition()) + " != 0)";
  return {NumThreads, If};
}

} // namespace

std::string outline(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  ConstructVars CV = analyzeConstruct(T, D);
  unsigned Id = T.fresh();
  ArgBlock A(T, "struct parade_args_" + std::to_string(Id), "parade_a");
  // Variably modified types (a VLA, a pointer to one, a VLA parameter)
  // name their bounds, which file scope cannot: such a variable travels
  // as a void pointer and is declared after the variables its bounds
  // name, which are declared by name first.
  llvm::DenseSet<const VarDecl *> ByName; // declared by name in the prologue
  for (auto &[V, Sh] : CV.Vars) {
    auto Pool = T.Pooled.find(V->getCanonicalDecl());
    bool IsPooled = Pool != T.Pooled.end() && !V->hasGlobalStorage();
    if (Sh == Sharing::Shared && !IsPooled)
      ByName.insert(V);
  }
  llvm::SetVector<const VarDecl *> SizeVars;
  for (auto &[V, Sh] : CV.Vars)
    if (V->getType()->isVariablyModifiedType())
      collectSizeVars(T.Ctx, V->getType(), SizeVars);
  for (const VarDecl *S : SizeVars) {
    if (ByName.count(S) || !S->hasLocalStorage())
      continue;
    std::string Field = "parade_vsz_" + S->getName().str();
    A.value(S->getType().getUnqualifiedType(), Field, T.spell(S, D->getBeginLoc(), D));
    A.unpack(ArgBlock::Sizes, S->getType(), S->getName(), Field);
  }
  // The lengths those types have travel too, and the body declares the
  // variables with them (the bounds may have changed since).
  passExtents(T, A, CV, D, D);
  for (auto &[V, Sh] : CV.Vars) {
    std::string Name = V->getName().str();
    QualType Ty = CV.declaredType(V);
    bool VM = Ty->isVariablyModifiedType();
    auto Pool = T.Pooled.find(V->getCanonicalDecl());
    bool IsPooled = Pool != T.Pooled.end() && !V->hasGlobalStorage();
    if (IsPooled) {
      // The pointer travels; the body spells the variable through it.
      const std::string &Ptr = Pool->second;
      QualType PtrTy = T.Ctx.getPointerType(Ty);
      if (VM) {
        A.pointer(Ptr, Ptr);
        A.unpack(ArgBlock::VariablyModified, PtrTy, Ptr, Ptr);
      } else {
        A.value(PtrTy, Ptr, "(void *)" + Ptr);
        A.unpack(ArgBlock::Plain, PtrTy, Ptr, Ptr);
      }
    }
    // A private VLA needs only its bounds (they travel as sizes above).
    if (VM && !IsPooled && Ty->isArrayType() && Sh != Sharing::Private) {
      T.error(V->getLocation(), "a variable-length array passed by value to a parallel "
                                "region is not supported by parade");
      continue;
    }
    if (Sh == Sharing::Shared && !IsPooled) {
      if (VM) { // a pointer to a VLA, or a VLA parameter
        A.pointer(Name, Name);
        A.unpack(ArgBlock::VariablyModified, Ty, Name, Name);
      } else {
        A.value(Ty.getUnqualifiedType(), Name, Name);
        A.unpack(ArgBlock::Plain, Ty, Name, Name);
      }
    } else if (Sh == Sharing::FirstPrivate && VM && !Ty->isArrayType()) {
      A.pointer(Name, T.spell(V, D->getBeginLoc(), D));
    } else if (Sh == Sharing::FirstPrivate && !VM) {
      A.copy(Ty.getUnqualifiedType(), Name, T.spell(V, D->getBeginLoc(), D));
    }
    // A firstprivate VLA is copied from its pool storage (privates).
  }
  for (const VarDecl *V : CV.CopyIn) {
    std::string Name = T.spell(V, D->getBeginLoc(), D);
    A.copy(V->getType(), "parade_ci_" + Name, Name);
    A.unpackText(ArgBlock::CopyIn, "parade_copy((void *)&" + Name + ", &parade_args->parade_ci_" +
                                       Name + ", sizeof " + Name + "); ");
  }
  Privates P = privates(T, D, CV, nullptr, /*ForRegion=*/true);
  std::string Body = regionBody(C, D);
  auto [NumThreads, If] = teamArguments(C, D);
  std::string Fn = "parade_region_" + std::to_string(Id);
  std::string Outlined = C.enclosingPrototype() + A.definition() + "static void " + Fn +
                         "(void *parade_raw) {\n  struct parade_args_" + std::to_string(Id) +
                         " *parade_args = parade_raw; (void)parade_args;\n  " + A.prologue() +
                         "\n  int parade_last = 0; (void)parade_last;\n  {" + P.Before + "{ " +
                         P.Decls + P.EntryBarrier + "\n" + Body + "\n" + P.Finish +
                         reductions(T, D, P, false, /*AtJoin=*/!isLeague(D)) + "}}\n}\n";
  auto [Defines, Undefs] = T.localMacros(C.Function, D->getBeginLoc());
  T.addBeforeFunction(C.Function->getBeginLoc(),
                      Defines + T.asCodeOf(C.Function, Outlined, D) + Undefs);
  T.remark(D->getBeginLoc(), "'" + directiveName(D) + "' outlined to " + Fn + ": " +
                                 std::to_string(CV.Vars.size()) +
                                 " variable(s) from the "
                                 "enclosing function");
  return A.packing() + (isLeague(D) ? "parade_teams(" : "parade_parallel(") + Fn +
         ", &parade_a, sizeof parade_a, " + NumThreads + ", " + If + "); }";
}

std::string serializedRegion(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  ConstructVars CV = analyzeConstruct(T, D);
  Privates P = privates(T, D, CV, nullptr, false);
  std::string Body = regionBody(C, D);
  // Run where the enclosing regions are all inactive (if(0), one thread),
  // OpenMP would give this region a team; its body was written into the
  // enclosing region's, so it runs on the encountering thread, and says
  // so (a region in a called function does get a team there).
  std::string Check;
  if (!isLeague(D)) {
    auto [NumThreads, If] = teamArguments(C, D);
    // "file:line", the file named as in the translation's #line markers.
    PresumedLoc At = T.SM.getPresumedLoc(T.SM.getExpansionLoc(D->getBeginLoc()));
    std::string Where = "\"?\"";
    if (At.isValid()) {
      Where = T.lineMarkerName(At);
      Where.insert(Where.size() - 1, ":" + std::to_string(At.getLine()));
    }
    Check = "parade_serial_nested(" + Where + ", " + If + ", " + NumThreads + "); ";
  }
  return "{ int parade_last = 0; (void)parade_last; " + P.Before + Check +
         "parade_serial_enter(); { " + P.Decls + "\n" + Body + "\n" + P.Finish +
         reductions(T, D, P, true) + "} parade_serial_exit(); }";
}

} // namespace parade
