; phi(undef, %v) where %v is computed in one arm does NOT fold: %v does
; not dominate the join.
; CHECK: %x.0 = phi i32 [ undef, %entry ], [ %v, %t ]
; CHECK: ret i32 %x.0
define i32 @test(i1 %c, i32 %i) {
entry:
  %x = alloca i32
  br i1 %c, label %t, label %j
t:
  %v = add i32 %i, 1
  store i32 %v, i32* %x
  br label %j
j:
  %r = load i32, i32* %x
  ret i32 %r
}
