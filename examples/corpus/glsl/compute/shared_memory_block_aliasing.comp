#version 460
// Explicitly laid-out workgroup memory that aliases two views of the same bytes
// (WorkgroupMemoryExplicitLayoutKHR via GL_EXT_shared_memory_block).
#extension GL_EXT_shared_memory_block : require
#extension GL_EXT_scalar_block_layout : require

layout(local_size_x = 64) in;

shared AsFloats { vec4 f[64]; } asFloats;
shared AsUints { uvec4 u[64]; } asUints;

layout(set = 0, binding = 0, std430) buffer Data { vec4 data[]; };

void main() {
    uint i = gl_LocalInvocationIndex;
    asFloats.f[i] = data[gl_GlobalInvocationID.x];
    barrier();
    uvec4 bits = asUints.u[63u - i];
    data[gl_GlobalInvocationID.x] = uintBitsToFloat(bits ^ uvec4(0x80000000u, 0u, 0u, 0u));
}
