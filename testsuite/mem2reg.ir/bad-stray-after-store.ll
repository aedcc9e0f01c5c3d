; Text after a complete store.
; ERROR: 6:32: unexpected text 'i32' after the instruction
define void @f() {
entry:
  %p = alloca i32, align 4
  store i32 1, ptr %p, align 4 i32 2
  ret void
}
