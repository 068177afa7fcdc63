#version 450
// Floating-point atomic min/max on buffers and shared memory (AtomicFloat32MinMaxEXT,
// GL_EXT_shader_atomic_float2) and float atomic add on an r32f storage image
// (AtomicFloat32AddEXT): per-tile depth bounds and a heat map.
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_atomic_float2 : require

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform sampler2D depthBuffer;
layout(set = 0, binding = 1, std430) buffer TileBounds { vec2 tileMinMax[]; };
layout(set = 0, binding = 2, r32f) uniform coherent image2D heat;

shared float groupMin;
shared float groupMax;

void main() {
    if (gl_LocalInvocationIndex == 0u) {
        groupMin = 1.0;
        groupMax = 0.0;
    }
    barrier();
    float d = texelFetch(depthBuffer, ivec2(gl_GlobalInvocationID.xy), 0).r;
    atomicMin(groupMin, d);
    atomicMax(groupMax, d);
    imageAtomicAdd(heat, ivec2(gl_WorkGroupID.xy), d);
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        uint tile = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
        atomicMin(tileMinMax[tile].x, groupMin);
        atomicMax(tileMinMax[tile].y, groupMax);
    }
}
