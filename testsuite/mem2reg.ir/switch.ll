; A switch with two cases to the same block and a case straight to the
; join: one phi entry per incoming edge, in predecessor order.
; CHECK: j:
; CHECK-NEXT:   %x.0 = phi i32 [ 0, %entry ], [ 1, %one ], [ 9, %d ]
; CHECK-COUNT: 0 alloca
define i32 @sw(i32 %v) {
entry:
  %x = alloca i32
  store i32 0, i32* %x
  switch i32 %v, label %d [
    i32 1, label %one
    i32 2, label %one
    i32 3, label %j
  ]
one:
  store i32 1, i32* %x
  br label %j
d:
  store i32 9, i32* %x
  br label %j
j:
  %r = load i32, i32* %x
  ret i32 %r
}
