; A string constant that never ends.
; ERROR: 6:19: unterminated string
define void @f() {
entry:
  %p = alloca [4 x i8], align 1
  store [4 x i8] c"abc\00, ptr %p, align 1
  ret void
}
