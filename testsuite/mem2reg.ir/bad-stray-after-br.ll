; Text after a complete branch.
; ERROR: 5:15: unexpected text 'label' after the instruction
define void @f() {
entry:
  br label %a label %b
a:
  ret void
b:
  ret void
}
