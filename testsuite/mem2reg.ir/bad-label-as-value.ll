; A label used where a value is expected.
; ERROR: 5:16: '%entry' is a label, not a value
define i32 @f() {
entry:
  %x = add i32 %entry, 1
  ret i32 %x
}
