; A function runs into the next define.
; ERROR: 6:1: expected '}' to end function @f before 'define'
define void @f() {
entry:
  ret void
define void @g() {
entry:
  ret void
}
