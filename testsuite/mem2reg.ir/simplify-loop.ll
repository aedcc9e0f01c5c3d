; The same function simplified: the phi that only carries %a around the
; loop goes, and every use reads %a.
; ARGS: --stats
; CHECK-COUNT: 0 = phi
; CHECK: ret i32 %a
; CHECK: 1 NumPHIInsert
; CHECK: 1 NumPHISimplified
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
