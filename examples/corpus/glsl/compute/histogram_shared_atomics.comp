#version 450
// Luminance histogram: per-workgroup shared-memory bins with atomicAdd, merged into a
// global histogram with buffer atomics; sampled HDR input via texelFetch.
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"

layout(local_size_x = 16, local_size_y = 16) in;

layout(set = 0, binding = 0) uniform sampler2D hdrImage;
layout(set = 0, binding = 1, std430) buffer Histogram { uint bins[256]; } histogram;
layout(push_constant) uniform Params { float minLogLum; float invLogLumRange; } params;

shared uint localBins[256];

uint binFor(vec3 c) {
    float lum = luminance(c);
    if (lum < 0.005) return 0u;
    float t = clamp((log2(lum) - params.minLogLum) * params.invLogLumRange, 0.0, 1.0);
    return uint(t * 254.0 + 1.0);
}

void main() {
    localBins[gl_LocalInvocationIndex] = 0u;
    barrier();
    ivec2 size = textureSize(hdrImage, 0);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (all(lessThan(p, size))) {
        atomicAdd(localBins[binFor(texelFetch(hdrImage, p, 0).rgb)], 1u);
    }
    barrier();
    atomicAdd(histogram.bins[gl_LocalInvocationIndex], localBins[gl_LocalInvocationIndex]);
}
