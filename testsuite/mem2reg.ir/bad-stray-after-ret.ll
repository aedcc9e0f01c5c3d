; Text after "ret void".
; ERROR: 5:12: unexpected text '5' after the instruction
define void @f() {
entry:
  ret void 5
}
