#version 460
// 64-bit image atomics: a depth-and-id visibility buffer (GL_EXT_shader_image_int64).
#extension GL_EXT_shader_image_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, r64ui) uniform u64image2D visibility;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  uint64_t depthAndId = (uint64_t(floatBitsToUint(float(p.x) / 1024.0)) << 32) | uint64_t(p.y);
  imageAtomicMin(visibility, p, depthAndId);
}
