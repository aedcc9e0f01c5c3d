; A value used with two different types.
; ERROR: 7:22: '%p' used with type 'ptr' but its type is 'i32'
define i32 @f(i32 %x) {
entry:
  %p = add i32 %x, 1
  store i32 %x, i32 %p, align 4
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
