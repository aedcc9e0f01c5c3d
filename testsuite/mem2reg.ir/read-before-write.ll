; LLVM pr24179 / 2005-06-30-ReadBeforeWrite: all accesses in one block,
; but the load comes before the store inside a loop, so it reads the
; previous iteration's value: the single-block path must not be used;
; the loop-carried phi gets undef from the entry.
; ARGS: --stats --no-simplify
; CHECK: loop:
; CHECK-NEXT:   %x.0 = phi i32 [ undef, %entry ], [ %n, %loop ]
; CHECK-NEXT:   call void @use(i32 %x.0)
; CHECK: 0 NumLocalPromoted
; CHECK: %x: promoted (general), 1 phi in %loop, 1 kept
declare void @use(i32)
define void @test(i32 %n, i1 %c) {
entry:
  %x = alloca i32
  br label %loop
loop:
  %v = load i32, i32* %x
  call void @use(i32 %v)
  store i32 %n, i32* %x
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
