; A body line starting with punctuation.
; ERROR: 5:3: expected an instruction, got '*'
define void @f() {
entry:
  *** garbage ***
  ret void
}
