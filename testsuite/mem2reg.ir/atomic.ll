; LLVM atomic.ll: atomic loads and stores of a local are promoted.
; CHECK-LABEL: define i32 @test(i32 %a)
; CHECK-NEXT: entry:
; CHECK-NEXT:   ret i32 %a
define i32 @test(i32 %a) {
entry:
  %x = alloca i32, align 4
  store atomic i32 %a, i32* %x seq_cst, align 4
  %r = load atomic i32, i32* %x seq_cst, align 4
  ret i32 %r
}
