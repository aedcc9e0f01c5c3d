; The result of an invoke exists on the edge to its normal destination
; only: phi(%r, undef) at a join also reached from the unwind side must
; stay a phi (%r does not dominate it), as LLVM keeps it.  Found by the
; LLVM comparison on gcc.c-torture's asm goto tests (callbr).
; ARGS: --stats
; CHECK: join:
; CHECK-NEXT:   %x.0 = phi i32 [ %r, %ok ], [ undef, %lp ]
; CHECK-NEXT:   ret i32 %x.0
; CHECK: 0 NumPHISimplified
declare i32 @g()
declare i32 @__gxx_personality_v0(...)

define i32 @f() personality i32 (...)* @__gxx_personality_v0 {
entry:
  %x = alloca i32, align 4
  %r = invoke i32 @g() to label %ok unwind label %lp

ok:
  store i32 %r, i32* %x, align 4
  br label %join

lp:
  %e = landingpad { i8*, i32 } cleanup
  br label %join

join:
  %v = load i32, i32* %x, align 4
  ret i32 %v
}
