declare i1 @input.i1()
declare void @observe.i1(i1)
declare i32 @input.i32()
declare void @observe.i32(i32)
declare void @observe.i33(i33)

define i32 @f(i32 %a0, i32 %a1, i1 %a2) {
b0:
  %x0 = alloca i32, align 4
  %x1 = alloca i1, align 4
  %x2 = alloca i32, align 4
  %v0.0 = urem i33 6673787822, undef
  call void @observe.i33(i33 %v0.0)
  call void @observe.i33(i33 %v0.0)
  %v0.3 = icmp ult i32 %a0, %a0
  %v0.4 = add i8 3, 1
  %v0.5 = load i1, ptr %x1
  %v0.6 = call i1 @input.i1()
  br i1 %v0.6, label %b1, label %b3

b1:
  %v1.0 = load i1, ptr %x1
  br label %b2

b2:
  store i1 %a2, ptr %x1
  %v2.1 = load i1, ptr %x1
  %v2.2 = load i1, ptr %x1
  store i1 false, ptr %x1
  store i1 %v2.1, ptr %x1
  %v2.5 = load i1, ptr %x1
  br label %b3

b3:
  br i1 undef, label %b4, label %b6

b4:
  %v4.0 = icmp sle i1 %a2, true
  call void @observe.i1(i1 %v4.0)
  br i1 %v4.0, label %b5, label %b5

b5:
  %v5.0 = call i1 @input.i1()
  br i1 %v5.0, label %b6, label %b6

b6:
  %v6.0 = load i1, ptr %x1
  %v6.1 = load i1, ptr %x1
  %v6.2 = call i32 @input.i32()
  call void @observe.i32(i32 %v6.2)
  %v6.4 = or i32 %v6.2, %v6.2
  %v6.5 = load i1, ptr %x1
  %v6.6 = load i1, ptr %x1
  store i1 %v6.0, ptr %x1
  br label %b6
}
