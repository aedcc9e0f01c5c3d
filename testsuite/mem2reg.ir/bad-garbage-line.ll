; A line in a body that is no instruction.
; ERROR: 6:3: unknown instruction 'frobnicate'
define void @f() {
entry:
  %p = alloca i32, align 4
  frobnicate i32 1, ptr %p
  ret void
}
