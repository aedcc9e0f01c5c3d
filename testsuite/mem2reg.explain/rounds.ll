; Two rounds: %a's address is stored in %p, so %a is promotable only
; once %p is promoted (LLVM 2003-06-26-IterativePromote).  Each round
; that takes the general path walks the CFG: explain.exp checks that
; the second walk is introduced as such and renames %a only.
define i32 @r2(i1 %c) {
entry:
  %a = alloca i32
  %p = alloca ptr
  %b = alloca i32
  store ptr %a, ptr %p
  br i1 %c, label %l, label %r
l:
  %q = load ptr, ptr %p
  store i32 1, ptr %q
  store i32 5, ptr %b
  br label %j
r:
  %q2 = load ptr, ptr %p
  store i32 2, ptr %q2
  store i32 6, ptr %b
  br label %j
j:
  %v = load i32, ptr %a
  %w = load i32, ptr %b
  %s = add i32 %v, %w
  ret i32 %s
}
