#version 450
// Subgroup ops with the SubgroupUniformControlFlowKHR execution mode
// (GL_EXT_subgroup_uniform_control_flow) and subgroup barriers/memory barriers.
#extension GL_EXT_subgroup_uniform_control_flow : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require

layout(local_size_x = 128) in;

layout(set = 0, binding = 0, std430) buffer Data { float data[]; };
shared float perSubgroup[128];

void main() [[subgroup_uniform_control_flow]] {
    uint i = gl_GlobalInvocationID.x;
    float v = data[i];
    float inclusive = subgroupInclusiveAdd(v);
    float exclusive = subgroupExclusiveMul(v + 1.0);
    perSubgroup[gl_LocalInvocationIndex] = inclusive;
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    float neighbour = perSubgroup[gl_LocalInvocationIndex ^ 1u];
    subgroupMemoryBarrierBuffer();
    data[i] = inclusive + exclusive * 0.0 + neighbour * 0.0 + float(subgroupAnd(gl_SubgroupSize) & 0u);
}
