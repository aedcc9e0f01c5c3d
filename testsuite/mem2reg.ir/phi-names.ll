; New phis are named <alloca>.<n> as LLVM names them, skipping names the
; function already uses (values and labels share one namespace); a quoted
; name keeps its quotes.
; CHECK: %x.3 = phi i32 [ 1, %a ], [ 2, %x.0 ]
; CHECK-NEXT: %"q y.0" = phi i32 [ 1, %a ], [ 2, %x.0 ]
define i32 @f(i1 %c) {
entry:
  %x = alloca i32
  %"q y" = alloca i32
  br i1 %c, label %a, label %x.0
a:
  store i32 1, i32* %x
  store i32 1, i32* %"q y"
  %x.1 = add i32 0, 0
  br label %x.2
x.0:
  store i32 2, i32* %x
  store i32 2, i32* %"q y"
  br label %x.2
x.2:
  %v = load i32, i32* %x
  %w = load i32, i32* %"q y"
  %s = add i32 %v, %w
  ret i32 %s
}
