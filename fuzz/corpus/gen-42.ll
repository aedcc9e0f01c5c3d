declare i1 @input.i1()
declare i8 @input.i8()
declare i16 @input.i16()
declare i17 @input.i17()
declare i32 @input.i32()

define i32 @f(i32 %a0) {
b0:
  %x0 = alloca i1, align 4
  %x1 = alloca i32, align 4
  %x2 = alloca i8, align 4
  %v0.0 = call i1 @input.i1()
  br i1 %v0.0, label %b1, label %b2

b1:
  %v1.0 = load i32, ptr %x1
  %v1.1 = load i32, ptr %x1
  br i1 false, label %b2, label %b1

b2:
  store i8 1, ptr %x2
  store i32 %a0, ptr %x1
  %v2.2 = select i1 true, i17 8158, i17 130944
  %v2.3 = load i8, ptr %x2
  %v2.4 = call i17 @input.i17()
  br i1 false, label %b3, label %b10

b3:
  store i8 0, ptr %x2
  %v3.1 = load i32, ptr %x1
  store i32 4294967295, ptr %x1
  %v3.3 = load i32, ptr %x1
  %v3.4 = load i32, ptr %x1
  store i8 0, ptr %x2
  br label %b4

b4:
  %v4.0 = load i8, ptr %x2
  %v4.1 = call i8 @input.i8()
  switch i8 %v4.1, label %b5 [
    i8 1, label %b5
    i8 5, label %b6
  ]

b5:
  %v5.0 = urem i32 %a0, %a0
  %v5.1 = freeze i32 %v5.0
  store i8 124, ptr %x2
  store i32 %v5.0, ptr %x1
  store i32 %v5.0, ptr %x1
  %v5.5 = load i32, ptr %x1
  %v5.6 = or i8 100, 3
  br i1 true, label %b3, label %b5

b6:
  %v6.0 = load i32, ptr %x1
  store i32 0, ptr %x1
  %v6.2 = load i8, ptr %x2
  %v6.3 = call i8 @input.i8()
  switch i8 %v6.3, label %b7 [
    i8 0, label %b6
    i8 3, label %b6
  ]

b7:
  store i32 4294967295, ptr %x1
  %v7.1 = load i8, ptr %x2
  %v7.2 = and i33 7, 8589934464
  store i32 739919197, ptr %x1
  store i32 4294967168, ptr %x1
  br label %b8

b8:
  store i8 128, ptr %x2
  %v8.1 = load i8, ptr %x2
  %v8.2 = load i32, ptr %x1
  %v8.3 = load i8, ptr %x2
  ret i32 %v8.2

b9:
  %v9.0 = call i16 @input.i16()
  %v9.1 = load i32, ptr %x1
  %v9.2 = select i1 true, i33 3, i33 0
  store i32 %v9.1, ptr %x1
  br label %b10

b10:
  store i8 undef, ptr %x2
  %v10.1 = mul nuw i32 4294967295, 5
  %v10.2 = srem i8 5, 5
  %v10.3 = call i32 @input.i32()
  br label %b2
}
