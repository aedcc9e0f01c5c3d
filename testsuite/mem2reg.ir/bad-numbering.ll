; Unnamed values must be numbered in order, as LLVM requires.
; ERROR: 4:3: instruction expected to be numbered '%2'
define i32 @f(i32 %0) {
  %3 = add i32 %0, 1
  ret i32 %3
}
