; Placement variants: minimal (Cytron) places a phi at the iterated
; dominance frontier of the stores, for both variables.
; ARGS: --placement=minimal --stats
; CHECK: j:
; CHECK-NEXT:   %x.0 = phi i32 [ %xa1, %a ], [ 0, %b ]
; CHECK-NEXT:   %y.0 = phi i32 [ 1, %a ], [ 2, %b ]
; CHECK: 2 NumPHIInsert
; CHECK: %y: promoted (general), 1 phi in %j, 1 kept
define i32 @test(i1 %c) {
entry:
  %x = alloca i32
  %y = alloca i32
  store i32 0, i32* %x
  br i1 %c, label %a, label %b
a:
  %xa = load i32, i32* %x
  %xa1 = add i32 %xa, 1
  store i32 %xa1, i32* %x
  store i32 1, i32* %y
  %ya = load i32, i32* %y
  br label %j
b:
  store i32 2, i32* %y
  %yb = load i32, i32* %y
  br label %j
j:
  store i32 3, i32* %x
  %xj = load i32, i32* %x
  ret i32 %xj
}
