; With --no-simplify the redundant loop phi survives: it only carries
; the same value around the loop.
; ARGS: --no-simplify
; CHECK: loop:
; CHECK-NEXT:   %x.0 = phi i32 [ %a, %entry ], [ %x.0, %loop ]
define i32 @test(i32 %a, i1 %c) {
entry:
  %x = alloca i32
  store i32 %a, i32* %x
  store i32 %a, i32* %x
  br label %loop
loop:
  %v = load i32, i32* %x
  store i32 %v, i32* %x
  br i1 %c, label %loop, label %exit
exit:
  %r = load i32, i32* %x
  ret i32 %r
}
