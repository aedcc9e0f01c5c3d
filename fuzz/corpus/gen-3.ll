declare i1 @input.i1()
declare void @observe.i1(i1)
declare void @observe.i32(i32)

define i32 @f() {
b0:
  %x0 = alloca i32, align 4
  %x1 = alloca i32, align 4
  %x2 = alloca i64, i32 2, align 4
  %x3 = alloca i33, align 4
  %x4 = alloca i32, align 4
  %v0.0 = load i32, ptr %x1
  %v0.1 = freeze i32 %v0.0
  %v0.2 = call i1 @input.i1()
  br i1 %v0.2, label %b1, label %b3

b1:
  %v1.0 = icmp ule i32 1, 0
  ret i32 4294967168

b2:
  store i32 5, ptr %x4
  %v2.1 = xor i32 4294967168, 3495048920
  %v2.2 = load i32, ptr %x1
  %v2.3 = load i33, ptr %x3
  store i33 %v2.3, ptr %x3
  %v2.5 = lshr i16 1, 2
  store i32 %v2.1, ptr %x1
  %v2.7 = call i1 @input.i1()
  br i1 %v2.7, label %b2, label %b5

b3:
  %v3.0 = freeze i32 981051665
  call void @observe.i32(i32 %v3.0)
  br label %b4

b4:
  store i33 8589934591, ptr %x3
  %v4.1 = sub nsw i1 true, true
  call void @observe.i1(i1 %v4.1)
  %v4.3 = load i32, ptr %x1
  %v4.4 = select i1 false, i1 %v4.1, i1 %v4.1
  %v4.5 = call i1 @input.i1()
  br i1 %v4.5, label %b5, label %b4

b5:
  %v5.0 = load i64, ptr %x2
  %v5.1 = icmp sle i33 8589934464, 3378697900
  store i32 3, ptr %x0
  br i1 true, label %b1, label %b3
}
