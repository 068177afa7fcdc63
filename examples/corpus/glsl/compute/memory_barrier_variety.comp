#version 450
// The memory barrier built-ins side by side: memoryBarrier, memoryBarrierBuffer,
// memoryBarrierImage, memoryBarrierShared, groupMemoryBarrier with barrier().
layout(local_size_x = 32, local_size_y = 2) in;

layout(set = 0, binding = 0, std430) coherent buffer Buf { uint values[]; };
layout(set = 0, binding = 1, r32ui) uniform coherent uimage2D img;

shared uint sharedVals[64];

void main() {
    uint i = gl_LocalInvocationIndex;
    sharedVals[i] = i;
    values[gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * 32u] = i;
    imageStore(img, ivec2(gl_GlobalInvocationID.xy), uvec4(i));
    memoryBarrierShared();
    memoryBarrierBuffer();
    memoryBarrierImage();
    groupMemoryBarrier();
    barrier();
    uint other = 63u - i;
    uint v = sharedVals[other] + values[other] + imageLoad(img, ivec2(other & 31u, other >> 5)).r;
    memoryBarrier();
    barrier();
    values[gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * 32u] = v;
}
