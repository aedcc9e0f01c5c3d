; An instruction after the terminator, without a new label (LLVM would
; number an implicit block; this reader rejects it).
; ERROR: 7:3: instruction after the terminator of block %entry
define i32 @f(i32 %x) {
entry:
  ret i32 %x
  %y = add i32 %x, 1
  ret i32 %y
}
