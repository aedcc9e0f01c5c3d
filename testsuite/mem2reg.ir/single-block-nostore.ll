; LLVM pr24179, second half: a single-block alloca with loads and no store
; at all: every load is undef, by the single-block path.
; ARGS: --stats
; CHECK: call void @use(i32 undef)
; CHECK: 1 NumLocalPromoted
declare void @use(i32)
define void @test(i1 %c) {
entry:
  %x = alloca i32
  br label %loop
loop:
  %v = load i32, i32* %x
  call void @use(i32 %v)
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
