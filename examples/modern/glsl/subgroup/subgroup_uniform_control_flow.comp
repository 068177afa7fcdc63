#version 460
// Subgroup-uniform control flow (GL_EXT_subgroup_uniform_control_flow).
#extension GL_EXT_subgroup_uniform_control_flow : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Data { float v[]; } data;
void main() [[subgroup_uniform_control_flow]] {
  data.v[gl_GlobalInvocationID.x] = subgroupAdd(data.v[gl_GlobalInvocationID.x]);
}
