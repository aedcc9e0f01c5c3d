; The last block has no terminator when the body ends.
; ERROR: 6:1: block %1 has no terminator
define i32 @f(i32 %0) {
  %2 = add i32 %0, 1
  %3 = add i32 %2, 1
}
