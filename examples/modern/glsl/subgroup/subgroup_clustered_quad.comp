#version 460
// Clustered reductions and quad operations in compute (GL_KHR_shader_subgroup_clustered / _quad).
#extension GL_KHR_shader_subgroup_clustered : require
#extension GL_KHR_shader_subgroup_quad : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Data { float v[]; } data;
void main() {
  uint i = gl_GlobalInvocationID.x;
  float x = data.v[i];
  data.v[i] = subgroupClusteredAdd(x, 8u) + subgroupQuadSwapHorizontal(x) + subgroupQuadBroadcast(x, 2u);
}
