; LLVM pr37632-unreachable-list-of-stores: in an unreachable self-loop a
; load feeds a store to the same alloca: poison, and no endless loop.
; CHECK-COUNT: 0 alloca
; CHECK: dead:
; CHECK-NEXT:   br label %dead
define void @test() {
entry:
  %x = alloca i32
  ret void
dead:
  %v = load i32, i32* %x
  store i32 %v, i32* %x
  br label %dead
}
