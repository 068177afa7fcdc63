#version 450
// Storage-image atomics on r32ui and r32i images: splatting points with imageAtomicAdd,
// depth min with imageAtomicMin, and an imageAtomicCompSwap lock.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0, r32ui) uniform coherent uimage2D countImage;
layout(set = 0, binding = 1, r32i) uniform coherent iimage2D depthImage;
layout(set = 0, binding = 2, r32ui) uniform coherent uimage2D lockImage;
layout(set = 0, binding = 3, rgba8) uniform coherent image2D colorImage;
layout(set = 0, binding = 4, std430) readonly buffer Points { vec4 points[]; };
layout(push_constant) uniform PC { mat4 viewProj; uint count; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    vec4 clip = pc.viewProj * vec4(points[i].xyz, 1.0);
    vec3 ndc = clip.xyz / clip.w;
    ivec2 size = imageSize(countImage);
    ivec2 px = ivec2((ndc.xy * 0.5 + 0.5) * vec2(size));
    if (any(lessThan(px, ivec2(0))) || any(greaterThanEqual(px, size))) return;
    imageAtomicAdd(countImage, px, 1u);
    int depth = int(ndc.z * 16777215.0);
    int previous = imageAtomicMin(depthImage, px, depth);
    if (depth < previous) {
        bool done = false;
        for (int spin = 0; spin < 64 && !done; ++spin) {
            if (imageAtomicCompSwap(lockImage, px, 0u, 1u) == 0u) {
                imageStore(colorImage, px, vec4(points[i].w));
                memoryBarrierImage();
                imageAtomicExchange(lockImage, px, 0u);
                done = true;
            }
        }
    }
    imageAtomicOr(countImage, px, 0x80000000u);
    imageAtomicAnd(countImage, px, 0xFFFFFFFFu);
    imageAtomicXor(countImage, px, 0u);
    imageAtomicMax(depthImage, px, -1);
}
