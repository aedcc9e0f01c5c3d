; A value that is used but never defined.
; ERROR: 6:16: use of undefined value '%y'
define i32 @f(i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = add i32 %y, %a
  ret i32 %b
}
