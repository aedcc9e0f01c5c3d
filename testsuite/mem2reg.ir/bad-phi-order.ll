; Phis must come first in their block.
; ERROR: 10:8: phi after a non-phi instruction in block %b
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %x = add i32 1, 2
  %y = phi i32 [ 0, %entry ], [ 1, %a ]
  ret i32 %y
}
