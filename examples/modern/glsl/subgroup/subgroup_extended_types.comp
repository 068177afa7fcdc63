#version 460
// Subgroup operations on 8-, 16- and 64-bit types (GL_EXT_shader_subgroup_extended_types_*).
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_shader_subgroup_extended_types_float16 : require
#extension GL_EXT_shader_subgroup_extended_types_int8 : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Data { float v[]; } data;
void main() {
  uint i = gl_GlobalInvocationID.x;
  float16_t h = subgroupAdd(float16_t(data.v[i]));
  int8_t b = subgroupMax(int8_t(i & 127u));
  int64_t l = subgroupInclusiveAdd(int64_t(i) << 33);
  data.v[i] = float(h) + float(b) + float(l >> 33);
}
