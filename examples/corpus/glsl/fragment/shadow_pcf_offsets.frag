#version 450
// Percentage-closer filtering with a depth-comparison sampler and constant texel offsets
// (textureOffset on sampler2DShadow, textureGatherOffset for a 4x4 box).
layout(set = 0, binding = 0) uniform sampler2DShadow shadowMap;
layout(set = 0, binding = 1) uniform sampler2D shadowDepth;

layout(location = 0) in vec4 inShadowCoord;
layout(location = 1) in vec3 inColor;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 sc = inShadowCoord.xyz / inShadowCoord.w;
    float sum = 0.0;
    sum += textureOffset(shadowMap, sc, ivec2(-1, -1));
    sum += textureOffset(shadowMap, sc, ivec2(0, -1));
    sum += textureOffset(shadowMap, sc, ivec2(1, -1));
    sum += textureOffset(shadowMap, sc, ivec2(-1, 0));
    sum += texture(shadowMap, sc);
    sum += textureOffset(shadowMap, sc, ivec2(1, 0));
    sum += textureOffset(shadowMap, sc, ivec2(-1, 1));
    sum += textureOffset(shadowMap, sc, ivec2(0, 1));
    sum += textureOffset(shadowMap, sc, ivec2(1, 1));
    // Blocker search for contact hardening.
    vec4 blockers = textureGatherOffset(shadowDepth, sc.xy, ivec2(-1, -1));
    float avgBlocker = dot(blockers, vec4(0.25));
    float penumbra = clamp((sc.z - avgBlocker) * 40.0, 0.0, 1.0);
    float lit = mix(sum / 9.0, texture(shadowMap, sc), 1.0 - penumbra);
    outColor = vec4(inColor * (0.2 + 0.8 * lit), 1.0);
}
