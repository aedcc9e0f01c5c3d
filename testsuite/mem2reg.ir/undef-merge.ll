; LLVM UndefValuesMerge: a store on one arm only; the join's phi is
; phi(undef, %i) and %i (an argument) dominates it, so it folds to %i.
; ARGS: --stats
; CHECK-COUNT: 0 = phi
; CHECK: ret i32 %i
; CHECK: 1 NumPHIInsert
; CHECK: 1 NumPHISimplified
; CHECK: %x: promoted (general), 1 phi in %j, 0 kept
define i32 @test(i1 %c, i32 %i) {
entry:
  %x = alloca i32
  br i1 %c, label %t, label %j
t:
  store i32 %i, i32* %x
  br label %j
j:
  %v = load i32, i32* %x
  ret i32 %v
}
