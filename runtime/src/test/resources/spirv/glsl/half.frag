#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(location = 0) out vec4 o;
layout(set = 0, binding = 0) buffer B { float16_t h[4]; double d; };
void main() {
  float16_t a = h[0] * float16_t(0.5) + float16_t(1.0e-5);
  double x = d / 3.0LF + 1.0e300LF;
  o = vec4(float(a), float(x), float(h[1]), 1.0 / 0.0);
}
