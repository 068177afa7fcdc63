#version 450
// Memory qualifiers on storage blocks and images (coherent, volatile, restrict, readonly,
// writeonly: Coherent, Volatile, Restrict, NonWritable, NonReadable decorations) and
// precise arithmetic (NoContraction).
layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) restrict readonly buffer A { vec4 a[]; };
layout(set = 0, binding = 1, std430) restrict writeonly buffer B { vec4 b[]; };
layout(set = 0, binding = 2, std430) coherent buffer C { uint flags[]; };
layout(set = 0, binding = 3, std430) volatile buffer D { uint mailbox; };
layout(set = 0, binding = 4, rgba32f) uniform restrict readonly image2D srcImage;
layout(set = 0, binding = 5, rgba32f) uniform coherent writeonly image2D dstImage;

void main() {
    uint i = gl_GlobalInvocationID.x;
    precise vec4 x = a[i];
    precise vec4 kahanSum = vec4(0.0);
    precise vec4 compensation = vec4(0.0);
    for (int k = 0; k < 4; ++k) {
        precise vec4 y = x * float(k + 1) - compensation;
        precise vec4 t = kahanSum + y;
        compensation = (t - kahanSum) - y;
        kahanSum = t;
    }
    b[i] = kahanSum;
    flags[i] = 1u;
    mailbox = i;
    ivec2 p = ivec2(i % 64u, i / 64u);
    imageStore(dstImage, p, imageLoad(srcImage, p) + kahanSum);
}
