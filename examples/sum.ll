; sum of 0..n-1 with a loop: %i and %s become loop phis; %p escapes
; (its address is passed to a call) and stays in memory.
declare void @observe(i32*)

define i32 @sum(i32 %n) {
entry:
  %i = alloca i32
  %s = alloca i32
  %p = alloca i32
  store i32 0, i32* %i
  store i32 0, i32* %s
  call void @observe(i32* %p)
  br label %loop
loop:
  %iv = load i32, i32* %i
  %c = icmp slt i32 %iv, %n
  br i1 %c, label %body, label %exit
body:
  %sv = load i32, i32* %s
  %sn = add i32 %sv, %iv
  store i32 %sn, i32* %s
  %in = add i32 %iv, 1
  store i32 %in, i32* %i
  br label %loop
exit:
  %r = load i32, i32* %s
  ret i32 %r
}
