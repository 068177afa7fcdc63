#version 450
// Layout rules side by side: std140 uniform block with arrays of float (16-byte stride) and
// row_major matrices, std430 storage block with tight arrays and explicit offsets.
layout(local_size_x = 32) in;

layout(set = 0, binding = 0, std140) uniform Std140Block {
    float scalars[4];          // array stride 16
    vec3 direction;            // offset 64
    float intensity;           // packs into vec3's padding
    layout(row_major) mat3x4 rowMajor;
    mat4x3 colMajor;
    ivec2 counts[2];
} ubo;

layout(set = 0, binding = 1, std430) buffer Std430Block {
    float packedScalars[4];    // array stride 4
    layout(offset = 32) vec2 pairs[3];
    layout(row_major) mat2x3 m;
    uint tail[];
} ssbo;

void main() {
    uint i = gl_LocalInvocationID.x;
    vec3 r = vec4(ubo.direction, 1.0) * ubo.rowMajor;  // row-vector times 3-column matrix
    vec3 c = ubo.colMajor * vec4(ubo.direction, ubo.intensity);
    if (i < 4u) ssbo.packedScalars[i] = ubo.scalars[i] * r[i % 3u];
    if (i < 3u) ssbo.pairs[i] = c.xy * float(ubo.counts[i & 1u].x);
    ssbo.tail[i] = uint(dot(ssbo.m * vec2(1.0), c));
}
