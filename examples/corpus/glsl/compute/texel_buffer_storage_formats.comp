#version 450
// Storage and uniform texel buffers (ImageBuffer, SampledBuffer) with formats: convert a
// packed rgba8 buffer into r32f luminance and rgba32ui statistics.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0) uniform samplerBuffer srcColors;
layout(set = 0, binding = 1, r32f) uniform writeonly imageBuffer dstLuma;
layout(set = 0, binding = 2, rgba32ui) uniform uimageBuffer stats;
layout(set = 0, binding = 3, r32ui) uniform uimageBuffer counter;

void main() {
    int i = int(gl_GlobalInvocationID.x);
    if (i >= textureSize(srcColors)) return;
    vec4 c = texelFetch(srcColors, i);
    float l = dot(c.rgb, vec3(0.299, 0.587, 0.114));
    imageStore(dstLuma, i, vec4(l));
    uvec4 s = imageLoad(stats, i % imageSize(stats));
    imageStore(stats, i % imageSize(stats), s + uvec4(uint(l * 255.0), 1u, 0u, 0u));
    imageAtomicAdd(counter, 0, 1u);
}
