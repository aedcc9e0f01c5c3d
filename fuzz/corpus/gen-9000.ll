declare void @observe.i1(i1)

define i32 @f(i8 %a0) {
b0:
  %x0 = alloca i32, align 4
  %x1 = alloca i32, align 4
  %v0.0 = icmp ult i33 3, 3
  %v0.1 = load i32, ptr %x1
  call void @observe.i1(i1 %v0.0)
  store i32 671229982, ptr %x1
  %v0.4 = trunc i17 0 to i1
  ret i32 %v0.1
}
