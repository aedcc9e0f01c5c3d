declare i1 @input.i1()
declare i16 @input.i16()
declare i32 @input.i32()
declare void @observe.i32(i32)

define i32 @f(i32 %a0, i3 %a1, i32 %a2) {
b0:
  %x1 = alloca i32, align 4
  %x2 = alloca i32, align 4
  %x3 = alloca i32, align 4
  %x4 = alloca i32, align 4
  %x5 = alloca i32, align 4
  %x6 = alloca i8, align 4
  %x7 = alloca i8, align 4
  %v0.0 = icmp ugt i8 3, 1
  switch i32 undef, label %b1 [
    i32 100, label %b1
    i32 1, label %b2
  ]

b1:
  %x0 = alloca i8, align 4
  %v1.0 = load i8, ptr %x0
  br label %b4

b2:
  %v2.0 = shl i32 1132481014, 4154026137
  store i32 %v2.0, ptr %x1
  %v2.2 = icmp uge i32 %v2.0, undef
  %v2.3 = select i1 true, i1 %v2.2, i1 false
  %v2.4 = sdiv i32 7, undef
  %v2.5 = call i1 @input.i1()
  br i1 %v2.5, label %b3, label %b2

b3:
  %v3.0 = icmp sle i32 94443828, %a2
  store i32 %a2, ptr %x1
  %v3.2 = call i16 @input.i16()
  br label %b5

b4:
  %v4.0 = freeze i17 6967
  br i1 false, label %b6, label %b6

b5:
  store i32 %a0, ptr %x1
  store i32 %a0, ptr %x5
  %v5.2 = call i32 @input.i32()
  %v5.3 = icmp uge i8 undef, 255
  %v5.4 = srem i32 %v5.2, %v5.2
  store i32 4294967295, ptr %x4
  %v5.6 = load i32, ptr %x5
  br label %b6

b6:
  %v6.0 = load i32, ptr %x3
  %v6.1 = load i32, ptr %x3
  %v6.2 = select i1 true, i32 3085865418, i32 100
  call void @observe.i32(i32 %v6.1)
  %v6.4 = load i32, ptr %x3
  %v6.5 = call i1 @input.i1()
  br i1 %v6.5, label %b1, label %b3
}
