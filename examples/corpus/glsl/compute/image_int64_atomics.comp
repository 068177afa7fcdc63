#version 450
// 64-bit integer storage image atomics (Int64ImageEXT, GL_EXT_shader_image_int64): a
// visibility buffer packing depth in the high word and a triangle id in the low word.
#extension GL_EXT_shader_image_int64 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, r64ui) uniform u64image2D visibility;
layout(set = 0, binding = 1, std430) readonly buffer Fragments { uvec4 fragments[]; };  // x, y, depth, id
layout(push_constant) uniform PC { uint count; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    uvec4 f = fragments[i];
    uint64_t packed = (uint64_t(f.z) << 32) | uint64_t(f.w);
    imageAtomicMin(visibility, ivec2(f.xy), packed);
    uint64_t current = imageLoad(visibility, ivec2(f.xy)).x;
    if (current == 0UL) imageStore(visibility, ivec2(f.xy), u64vec4(packed));
}
