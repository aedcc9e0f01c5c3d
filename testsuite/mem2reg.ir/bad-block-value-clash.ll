; A block and a value share one namespace.
; ERROR: 7:1: redefinition of '%v'
define i32 @f(i32 %x) {
entry:
  %v = add i32 %x, 1
  br label %next
v:
  ret i32 %v
next:
  ret i32 0
}
