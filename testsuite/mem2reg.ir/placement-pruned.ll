; Placement variants on one function.  %x is live across blocks (read at
; the top of %a) but dead at %j, where it is stored before being read;
; %y never crosses a block.  pruned: no phi at all.
; ARGS: --placement=pruned --stats
; CHECK-COUNT: 0 = phi
; CHECK: 0 NumPHIInsert
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
