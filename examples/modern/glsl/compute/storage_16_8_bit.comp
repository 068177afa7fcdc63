#version 460
// 16- and 8-bit storage and arithmetic: quantized weights dequantized in float16.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Weights { int8_t q[]; };
layout(set = 0, binding = 1, std430) readonly buffer Scales { float16_t scale[]; };
layout(set = 0, binding = 2, std430) buffer Out { f16vec2 outv[]; };
layout(push_constant) uniform Push { uint16_t groupSize; uint8_t shift; } pc;
void main() {
  uint i = gl_GlobalInvocationID.x;
  float16_t s = scale[i / uint(pc.groupSize)];
  float16_t x = float16_t(int(q[2u * i]) >> pc.shift) * s;
  float16_t y = float16_t(q[2u * i + 1u]) * s;
  outv[i] = f16vec2(x, y);
}
