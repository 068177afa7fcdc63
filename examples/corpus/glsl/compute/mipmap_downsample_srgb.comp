#version 450
// Mip generation: sample level N with a bilinear sampler, write level N+1 to a storage
// image (rgba8), with sRGB handled in the shader since storage images cannot be sRGB.
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform sampler2D srcMip;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D dstMip;
layout(push_constant) uniform PC { vec2 invDstSize; int srcLevel; uint isSrgb; } pc;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, imageSize(dstMip)))) return;
    vec2 uv = (vec2(p) + 0.5) * pc.invDstSize;
    vec4 c = textureLod(srcMip, uv, float(pc.srcLevel));
    if (pc.isSrgb != 0u) c.rgb = linearToSrgb(c.rgb);
    imageStore(dstMip, p, c);
}
