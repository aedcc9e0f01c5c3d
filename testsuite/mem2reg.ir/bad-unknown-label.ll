; A branch to a label that is never defined.
; ERROR: 7:29: use of undefined label '%nowhere'
define void @f(i1 %c) {
entry:
  br i1 %c, label %a, label %a
a:
  br i1 %c, label %a, label %nowhere
}
