; LLVM 2003-04-24-MultipleIdenticalSuccessors: both arms of a branch go to
; the same block: the phi has one entry per edge, two from %entry.
; CHECK-LABEL: define i32 @test(i1 %c, i1 %d)
; CHECK: exit:
; CHECK-NEXT:   %x.0 = phi i32 [ 1, %split ], [ 1, %split ], [ 2, %other ]
define i32 @test(i1 %c, i1 %d) {
entry:
  %x = alloca i32
  store i32 1, i32* %x
  br i1 %d, label %split, label %other
split:
  br i1 %c, label %exit, label %exit
other:
  store i32 2, i32* %x
  br label %exit
exit:
  %v = load i32, i32* %x
  ret i32 %v
}
