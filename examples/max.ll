; max(a, b) as clang -O0 writes it: the result lives in a stack slot %r
; that both arms of the if store to.  m2r-opt turns %r into one phi.
define i32 @max(i32 %a, i32 %b) {
entry:
  %r = alloca i32
  %c = icmp sgt i32 %a, %b
  br i1 %c, label %then, label %else
then:
  store i32 %a, i32* %r
  br label %end
else:
  store i32 %b, i32* %r
  br label %end
end:
  %v = load i32, i32* %r
  ret i32 %v
}
