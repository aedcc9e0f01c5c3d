; LLVM undef-order.ll: a join with reachable and unreachable predecessors
; interleaved.  The phi has one entry per predecessor in block order, the
; unreachable ones poison; the output is the same on every run.
; CHECK: j:
; CHECK-NEXT:   %x.0 = phi i32 [ 1, %r1 ], [ poison, %u1 ], [ 2, %r2 ], [ poison, %u2 ], [ 3, %r3 ]
define i32 @order(i32 %s) {
entry:
  %x = alloca i32
  switch i32 %s, label %r3 [
    i32 1, label %r1
    i32 2, label %r2
  ]
r1:
  store i32 1, i32* %x
  br label %j
u1:
  store i32 10, i32* %x
  br label %j
r2:
  store i32 2, i32* %x
  br label %j
u2:
  br label %j
u3:
  br label %u2
r3:
  store i32 3, i32* %x
  br label %j
j:
  %v = load i32, i32* %x
  ret i32 %v
}
