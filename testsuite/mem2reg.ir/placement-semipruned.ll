; Placement variants: semipruned (Briggs) places phis for variables that
; are live across some block boundary, without a liveness test: %x gets
; a phi at %j, %y (block-local) gets none.
; ARGS: --placement=semipruned --stats
; CHECK: j:
; CHECK-NEXT:   %x.0 = phi i32 [ %xa1, %a ], [ 0, %b ]
; CHECK-COUNT: 1 = phi
; CHECK: %x: promoted (general), 1 phi in %j, 1 kept
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
