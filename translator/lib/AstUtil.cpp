//===- AstUtil.cpp - Small questions about directives and expressions ---===//
#include "AstUtil.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"

#include <functional>

using namespace clang;
using llvm::omp::Directive;

namespace parade {

bool isParallel(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_parallel:
  case Directive::OMPD_parallel_for:
  case Directive::OMPD_parallel_for_simd:
  case Directive::OMPD_parallel_loop:
  case Directive::OMPD_parallel_master:
  case Directive::OMPD_parallel_masked:
  case Directive::OMPD_parallel_master_taskloop:
  case Directive::OMPD_parallel_master_taskloop_simd:
  case Directive::OMPD_parallel_masked_taskloop:
  case Directive::OMPD_parallel_masked_taskloop_simd:
  case Directive::OMPD_parallel_sections:
  // The host is the device: a target construct runs in place, so its
  // parallel or teams part starts a region there.
  case Directive::OMPD_target_parallel:
  case Directive::OMPD_target_parallel_for:
  case Directive::OMPD_target_parallel_for_simd:
  case Directive::OMPD_target_parallel_loop: return true;
  default: return isLeague(D);
  }
}

bool isLeague(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_teams:
  case Directive::OMPD_teams_distribute:
  case Directive::OMPD_teams_distribute_simd:
  case Directive::OMPD_teams_distribute_parallel_for:
  case Directive::OMPD_teams_distribute_parallel_for_simd:
  case Directive::OMPD_teams_loop:
  case Directive::OMPD_target_teams:
  case Directive::OMPD_target_teams_distribute:
  case Directive::OMPD_target_teams_distribute_simd:
  case Directive::OMPD_target_teams_distribute_parallel_for:
  case Directive::OMPD_target_teams_distribute_parallel_for_simd:
  case Directive::OMPD_target_teams_loop: return true;
  default: return false;
  }
}

bool isDistribute(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_distribute:
  case Directive::OMPD_distribute_simd:
  case Directive::OMPD_distribute_parallel_for:
  case Directive::OMPD_distribute_parallel_for_simd: return true;
  default:
    return isLeague(D) && D->getDirectiveKind() != Directive::OMPD_teams &&
           D->getDirectiveKind() != Directive::OMPD_target_teams;
  }
}

bool isLoop(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_for:
  case Directive::OMPD_for_simd:
  case Directive::OMPD_parallel_for:
  case Directive::OMPD_parallel_for_simd:
  case Directive::OMPD_parallel_loop:
  case Directive::OMPD_target_parallel_for:
  case Directive::OMPD_target_parallel_for_simd:
  case Directive::OMPD_target_parallel_loop: return true;
  case Directive::OMPD_loop: { // bind(thread): the encountering thread runs it all
    const auto *Bind = clause<OMPBindClause>(D);
    return !Bind || Bind->getBindKind() != OMPC_BIND_thread;
  }
  default: return isDistribute(D);
  }
}

const OMPExecutableDirective *enclosingDirective(ASTContext &Ctx, const OMPExecutableDirective *D,
                                                 bool (*Pred)(const OMPExecutableDirective *)) {
  DynTypedNode Node = DynTypedNode::create(*D);
  for (;;) {
    auto Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *P = Node.get<OMPExecutableDirective>())
      if (Pred(P))
        return P;
  }
}

bool isTaskLoop(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_taskloop:
  case Directive::OMPD_taskloop_simd:
  case Directive::OMPD_master_taskloop:
  case Directive::OMPD_master_taskloop_simd:
  case Directive::OMPD_masked_taskloop:
  case Directive::OMPD_masked_taskloop_simd:
  case Directive::OMPD_parallel_master_taskloop:
  case Directive::OMPD_parallel_master_taskloop_simd:
  case Directive::OMPD_parallel_masked_taskloop:
  case Directive::OMPD_parallel_masked_taskloop_simd: return true;
  default: return false;
  }
}

const VarDecl *varOf(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

const VarDecl *objectVar(const Expr *E) {
  const Expr *Base = E->IgnoreParens();
  for (;;) {
    if (const auto *M = dyn_cast<MemberExpr>(Base); M && !M->isArrow())
      Base = M->getBase()->IgnoreParens();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(Base);
             A && A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
      Base = A->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *R = dyn_cast<DeclRefExpr>(Base);
  return R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
}

const Stmt *trailingSubStmt(const Stmt *S) {
  if (const auto *F = dyn_cast<ForStmt>(S))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getBody();
  if (const auto *I = dyn_cast<IfStmt>(S))
    return I->getElse() ? I->getElse() : I->getThen();
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return Sw->getBody();
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return L->getSubStmt();
  if (const auto *C = dyn_cast<SwitchCase>(S))
    return C->getSubStmt();
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return A->getSubStmt();
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return CS->getCapturedStmt();
  return nullptr;
}

std::optional<unsigned> collapseDepth(const OMPExecutableDirective *D, ASTContext &Ctx) {
  if (const auto *Sizes = clause<OMPSizesClause>(D)) // tile: a loop per size
    return Sizes->getNumSizes();
  const auto *Co = clause<OMPCollapseClause>(D);
  if (!Co)
    return 1;
  Expr::EvalResult R;
  if (!Co->getNumForLoops()->EvaluateAsInt(R, Ctx) || R.Val.getInt() < 1)
    return std::nullopt;
  return (unsigned)R.Val.getInt().getZExtValue();
}

void collectSizeVars(ASTContext &Ctx, QualType Ty, llvm::SetVector<const VarDecl *> &Out) {
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.insert(V);
    for (const Stmt *C : S->children())
      Find(C);
  };
  for (unsigned Depth = 0; Depth < 64 && !Ty.isNull(); Depth++) {
    if (const ArrayType *A = Ctx.getAsArrayType(Ty)) {
      if (const auto *VA = dyn_cast<VariableArrayType>(A))
        Find(VA->getSizeExpr());
      Ty = A->getElementType();
    } else if (Ty->isPointerType()) {
      Ty = Ty->getPointeeType();
    } else {
      break;
    }
  }
}

} // namespace parade
