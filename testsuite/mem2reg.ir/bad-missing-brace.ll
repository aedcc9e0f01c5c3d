; The function never ends: the error is at the end of the file.
; ERROR: 7:1: expected '}' at the end of function @f
define void @f() {
entry:
  ret void

