; A generic terminator (invoke) with a normal and an unwind edge: both
; are CFG edges, and the join gets one entry from each side.
; CHECK: %r = invoke i32 @g()
; CHECK: j:
; CHECK-NEXT:   %x.0 = phi i32 [ 2, %ok ], [ 1, %lp ]
declare i32 @g()
declare i32 @__gxx_personality_v0(...)
define i32 @inv() personality i32 (...)* @__gxx_personality_v0 {
entry:
  %x = alloca i32
  store i32 1, i32* %x
  %r = invoke i32 @g()
          to label %ok unwind label %lp
ok:
  store i32 2, i32* %x
  br label %j
lp:
  %l = landingpad { i8*, i32 }
          cleanup
  br label %j
j:
  %v = load i32, i32* %x
  ret i32 %v
}
