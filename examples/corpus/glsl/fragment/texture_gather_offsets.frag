#version 450
// Gather variants: per-component gather, depth-compare gather, and gather with four
// independent constant offsets (ImageGatherExtended).
layout(set = 0, binding = 0) uniform sampler2D colorTex;
layout(set = 0, binding = 1) uniform sampler2DShadow depthTex;
layout(set = 0, binding = 2) uniform sampler2DArray layerTex;

layout(location = 0) in vec2 inUV;
layout(location = 1) flat in float inLayer;
layout(location = 0) out vec4 outColor;

const ivec2 offsets[4] = ivec2[](ivec2(-2, 0), ivec2(2, 0), ivec2(0, -2), ivec2(0, 2));

void main() {
    vec4 reds = textureGather(colorTex, inUV, 0);
    vec4 alphas = textureGather(colorTex, inUV, 3);
    vec4 cross4 = textureGatherOffsets(colorTex, inUV, offsets, 1);
    vec4 cmp = textureGather(depthTex, inUV, 0.5);
    vec4 layered = textureGatherOffset(layerTex, vec3(inUV, inLayer), ivec2(1, 1), 2);
    float edge = max(max(reds.x, reds.y), max(reds.z, reds.w)) - min(min(reds.x, reds.y), min(reds.z, reds.w));
    outColor = vec4(edge, dot(cross4, vec4(0.25)), dot(cmp, vec4(0.25)), dot(alphas * layered, vec4(0.25)));
}
