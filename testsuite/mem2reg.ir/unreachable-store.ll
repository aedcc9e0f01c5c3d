; LLVM 2003-04-10-DFNotFound: a store in an unreachable block (no
; dominator-tree node) must not crash; the alloca goes away.
; CHECK-LABEL: define void @test()
; CHECK-COUNT: 0 alloca
; CHECK-COUNT: 0 store
; CHECK: dead:
; CHECK-NEXT:   br label %dead
define void @test() {
entry:
  %a = alloca i32
  ret void
dead:
  store i32 1, i32* %a
  br label %dead
}
