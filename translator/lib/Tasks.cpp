//===- Tasks.cpp - Explicit tasks -----------------------------------------===//
#include "Tasks.h"

#include "ArgBlock.h"
#include "AstUtil.h"
#include "DataSharing.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace parade {

namespace {

std::string taskFlags(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  std::string Flags = "0";
  if (const auto *I = clause<OMPIfClause>(D))
    Flags += " | (" + C.exprText(I->getCondition()) + " ? 0 : PARADE_TASK_UNDEFERRED)";
  if (const auto *F = clause<OMPFinalClause>(D))
    Flags += " | (" + C.exprText(F->getCondition()) + " ? PARADE_TASK_FINAL : 0)";
  if (clause<OMPDependClause>(D))
    Flags += " | PARADE_TASK_DEPEND";
  return Flags;
}

/// A task run at once by the encountering thread, in place.
std::string undeferredTask(ConstructContext &C, const OMPExecutableDirective *D,
                           const ConstructVars &CV) {
  Translation &T = C.T;
  std::string Before, Decls;
  for (auto &[V, S] : CV.Vars) {
    std::string Name = V->getName().str();
    if (S == Sharing::FirstPrivate) {
      std::string Tmp = "parade_tf_" + std::to_string(T.fresh());
      Before += T.declare(V->getType(), Tmp) + "; __builtin_memcpy(&" + Tmp + ", &" +
                T.spell(V, D->getBeginLoc(), D) + ", sizeof " + Tmp + "); ";
      Decls += T.declare(V->getType(), Name) + "; __builtin_memcpy((void *)&" + Name + ", &" + Tmp +
               ", sizeof " + Name + "); ";
    } else if (S != Sharing::Shared) {
      Decls += T.declare(V->getType(), Name) + "; ";
    }
  }
  return "{ " + Before + "{ " + Decls + C.bodyText(D) + " } }";
}

} // namespace

std::string task(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  ConstructVars CV = analyzeConstruct(T, D);
  std::optional<SourceRange> Region = C.regionExtent(D);
  adjustTaskSharing(T, D, CV, Region ? &*Region : nullptr);
  for (const OMPExecutableDirective *R : C.Regions)
    if (R != D && T.contains(T.extent(D), R->getBeginLoc())) {
      bool Private = false;
      for (auto &[V, Sh] : CV.Vars)
        Private |= Sh != Sharing::Shared;
      if (Private)
        T.error(R->getBeginLoc(), "a parallel region inside a task that has private "
                                  "variables is not supported by parade");
      T.remark(D->getBeginLoc(), "task runs at once: it holds a parallel region");
      return undeferredTask(C, D, CV);
    }
  // The task body moves to a function of its own; the argument block
  // carries the values it captures and pointers to what it shares.
  unsigned Id = T.fresh();
  std::string Struct = "struct parade_targs_" + std::to_string(Id);
  ArgBlock A(T, Struct, "parade_ta");
  std::string Decls;
  for (auto &[V, Sh] : CV.Vars) {
    std::string Name = V->getName().str();
    QualType Ty = V->getType();
    if (Ty->isVariablyModifiedType()) {
      T.remark(D->getBeginLoc(),
               "task runs at once: it names the variable-length array '" + Name + "'");
      return undeferredTask(C, D, CV);
    }
    switch (Sh) {
    case Sharing::Shared: {
      auto Pool = T.Pooled.find(V->getCanonicalDecl());
      if (Pool == T.Pooled.end()) {
        T.remark(D->getBeginLoc(), "task runs at once: '" + Name + "' has no storage to share");
        return undeferredTask(C, D, CV);
      }
      const std::string &Ptr = Pool->second;
      QualType PtrTy = T.Ctx.getPointerType(Ty);
      A.value(PtrTy, Ptr, Ptr);
      A.unpack(ArgBlock::Plain, PtrTy, Ptr, Ptr);
      break;
    }
    case Sharing::FirstPrivate:
      A.copy(Ty.getUnqualifiedType(), Name, T.spell(V, D->getBeginLoc(), D));
      Decls += T.declare(Ty, Name) + "; __builtin_memcpy((void *)&" + Name + ", &parade_args->" +
               Name + ", sizeof " + Name + "); ";
      break;
    default: Decls += T.declare(Ty, Name) + "; "; break;
    }
  }
  std::string Fn = "parade_task_" + std::to_string(Id);
  auto [Defines, Undefs] = T.localMacros(C.Function, D->getBeginLoc());
  T.addBeforeFunction(C.Function->getBeginLoc(),
                      Defines + C.enclosingPrototype() + A.definition() + "static void " + Fn +
                          "(void *parade_raw) {\n  " + Struct +
                          " *parade_args = parade_raw; (void)parade_args;\n  " + A.prologue() +
                          "\n  { " + Decls + "\n" + C.bodyText(D) + "\n  }\n}\n" + Undefs);
  T.remark(D->getBeginLoc(), "task outlined to " + Fn + ", queued for a thread of this node");
  return A.packing() + "parade_task(" + Fn + ", &parade_ta, sizeof parade_ta, " + taskFlags(C, D) +
         "); }";
}

} // namespace parade
