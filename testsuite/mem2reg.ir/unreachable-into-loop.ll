; LLVM 2003-04-18-DeadBlockProblem: an unreachable block jumps into a loop.
; The loop header's phi gets a poison entry for the unreachable edge.
; CHECK-LABEL: define i32 @test(i1 %c)
; CHECK: loop:
; CHECK-NEXT:   %i.0 = phi i32 [ 0, %entry ], [ poison, %dead ], [ %n, %loop ]
; CHECK-COUNT: 0 alloca
define i32 @test(i1 %c) {
entry:
  %i = alloca i32
  store i32 0, i32* %i
  br label %loop
dead:
  store i32 7, i32* %i
  br label %loop
loop:
  %v = load i32, i32* %i
  %n = add i32 %v, 1
  store i32 %n, i32* %i
  br i1 %c, label %loop, label %exit
exit:
  %r = load i32, i32* %i
  ret i32 %r
}
