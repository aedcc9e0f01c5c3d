; A block that falls into the next label.
; ERROR: 7:1: block %entry has no terminator
define i32 @f(i32 %x) {
entry:
  %p = alloca i32, align 4
  store i32 %x, ptr %p, align 4
next:
  ret i32 0
}
