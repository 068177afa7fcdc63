#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;
layout(std430, set = 0, binding = 0) buffer Data { int64_t total; uint16_t small[4]; uint values[]; } data;
shared uint partial[64];

uint64_t widen(uint v) { return uint64_t(v) * 0x100000001ul; }

void main() {
  uint id = gl_GlobalInvocationID.x;
  uint v = data.values[id];
  uint s = subgroupAdd(v);
  partial[gl_LocalInvocationIndex] = s;
  barrier();
  if (gl_LocalInvocationIndex == 0) {
    uint sum = 0;
    for (uint i = 0; i < gl_WorkGroupSize.x; i++) sum += partial[i];
    atomicAdd(data.values[0], sum);
    data.total = int64_t(widen(sum)) - 9223372036854775807l;
    data.small[1] = uint16_t(65535);
  }
  switch (int(id & 3u)) { case -1: break; case 2: data.values[1] = 5u; break; default: break; }
}
