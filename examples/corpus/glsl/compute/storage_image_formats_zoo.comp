#version 450
// Many storage image formats in one pass: base formats and the ones that need
// StorageImageExtendedFormats (rg16f, r11f_g11f_b10f, rgba16_snorm, rg8, r16ui, ...).
layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0, rgba32f) uniform readonly image2D srcRgba32f;
layout(set = 0, binding = 1, rgba16f) uniform writeonly image2D dstRgba16f;
layout(set = 0, binding = 2, rg16f) uniform writeonly image2D dstRg16f;
layout(set = 0, binding = 3, r11f_g11f_b10f) uniform writeonly image2D dstR11g11b10;
layout(set = 0, binding = 4, rgba16_snorm) uniform writeonly image2D dstRgba16Snorm;
layout(set = 0, binding = 5, rgba8_snorm) uniform writeonly image2D dstRgba8Snorm;
layout(set = 0, binding = 6, rg8) uniform writeonly image2D dstRg8;
layout(set = 0, binding = 7, r16f) uniform writeonly image2D dstR16f;
layout(set = 0, binding = 8, rgb10_a2) uniform writeonly image2D dstRgb10a2;
layout(set = 0, binding = 9, rgba16ui) uniform writeonly uimage2D dstRgba16ui;
layout(set = 0, binding = 10, r16ui) uniform writeonly uimage2D dstR16ui;
layout(set = 0, binding = 11, rg32i) uniform writeonly iimage2D dstRg32i;
layout(set = 0, binding = 12, r8i) uniform writeonly iimage2D dstR8i;
layout(set = 0, binding = 13, rgba8ui) uniform writeonly uimage2D dstRgba8ui;
layout(set = 0, binding = 14, r32f) uniform writeonly image2DArray dstArray;
layout(set = 0, binding = 15, rgba8) uniform writeonly image3D dstVolume;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    vec4 c = imageLoad(srcRgba32f, p);
    imageStore(dstRgba16f, p, c);
    imageStore(dstRg16f, p, c.xyxy);
    imageStore(dstR11g11b10, p, vec4(c.rgb, 0.0));
    imageStore(dstRgba16Snorm, p, c * 2.0 - 1.0);
    imageStore(dstRgba8Snorm, p, c.bgra * 2.0 - 1.0);
    imageStore(dstRg8, p, c.rgrg);
    imageStore(dstR16f, p, vec4(c.a));
    imageStore(dstRgb10a2, p, c);
    imageStore(dstRgba16ui, p, uvec4(c * 65535.0));
    imageStore(dstR16ui, p, uvec4(uint(c.r * 1000.0)));
    imageStore(dstRg32i, p, ivec4(p, 0, 0));
    imageStore(dstR8i, p, ivec4(int(c.g * 127.0)));
    imageStore(dstRgba8ui, p, uvec4(c * 255.0));
    imageStore(dstArray, ivec3(p, 1), vec4(dot(c, vec4(0.25))));
    imageStore(dstVolume, ivec3(p, int(gl_WorkGroupID.z)), c);
}
