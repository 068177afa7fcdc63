#version 460
// Subgroup rotate, plain and clustered (GL_KHR_shader_subgroup_rotate).
#extension GL_KHR_shader_subgroup_rotate : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Data { float values[]; } data;
void main() {
  uint i = gl_GlobalInvocationID.x;
  float v = data.values[i];
  float left = subgroupRotate(v, 1u);
  float cluster = subgroupClusteredRotate(v, 1u, 4u);
  data.values[i] = 0.5 * (left + cluster);
}
