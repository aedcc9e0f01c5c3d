declare void @observe.i1(i1)
declare i32 @input.i32()
declare void @observe.i32(i32)
declare i33 @input.i33()
declare void @escape(ptr)

define i32 @f(i32 %a0, i32 %a1, i32 %a2) {
b0:
  %x0 = alloca i32, align 4
  %x1 = alloca i3, align 4
  %x2 = alloca i32, align 4
  %x3 = alloca i32, align 4
  %x4 = alloca i32, align 4
  %x5 = alloca i64, align 4
  %x6 = alloca i8, align 4
  %x7 = alloca i17, align 4
  store i64 -6578914441067165834, ptr %x5
  %v0.1 = load i32, ptr %x2
  call void @observe.i32(i32 %v0.1)
  store i32 undef, ptr %x0
  %v0.4 = icmp sge i32 %v0.1, %v0.1
  store i32 %v0.1, ptr %x4
  %v0.6 = load i32, ptr %x4
  call void @observe.i1(i1 %v0.4)
  %v0.8 = load i32, ptr %x2
  %v0.9 = and i16 65535, 1
  %v0.10 = trunc i64 0 to i33
  store i32 %a2, ptr %x0
  store i32 %v0.8, ptr %x2
  br i1 true, label %b1, label %b2

b1:
  %v1.0 = call i32 @input.i32()
  br i1 false, label %b1, label %b1

b2:
  store i32 %a1, ptr %x4
  store i64 2, ptr %x5
  store i3 2, ptr %x1
  %v2.3 = call i33 @input.i33()
  %v2.4 = load i3, ptr %x1
  %v2.5 = icmp ne i32 0, %a0
  call void @escape(ptr %x1)
  %v2.7 = srem i32 %a0, %a1
  %v2.8 = load i64, ptr %x5
  br label %b3

b3:
  %v3.0 = load i32, ptr %x4
  %v3.1 = urem i64 0, 0
  %v3.2 = zext i1 false to i3
  %v3.3 = load i8, ptr %x6
  %v3.4 = freeze i32 %v3.0
  store i32 %v3.0, ptr %x4
  %v3.6 = load i32, ptr %x4
  br label %b1
}
