; The same value defined twice.
; ERROR: 7:3: redefinition of '%a'
define i32 @f(i32 %x) {
entry:
  %p = alloca i32, align 4
  %a = load i32, ptr %p, align 4
  %a = add i32 %x, 1
  ret i32 %a
}
