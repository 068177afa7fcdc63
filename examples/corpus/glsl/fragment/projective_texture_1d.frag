#version 450
// Projected light cookie (textureProj, textureProjLodOffset) and a 1D gradient ramp
// (Sampled1D) for toon shading.
layout(set = 0, binding = 0) uniform sampler2D cookie;
layout(set = 0, binding = 1) uniform sampler1D toonRamp;
layout(set = 0, binding = 2) uniform sampler2DShadow spotShadow;

layout(location = 0) in vec4 inLightClip;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec3 inLightDir;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 pattern = textureProj(cookie, inLightClip).rgb;
    pattern += textureProjLodOffset(cookie, inLightClip, 1.0, ivec2(1, 1)).rgb * 0.25;
    float vis = textureProj(spotShadow, inLightClip);
    float ndl = dot(normalize(inNormal), normalize(inLightDir)) * 0.5 + 0.5;
    vec3 toon = texture(toonRamp, ndl).rgb;
    outColor = vec4(toon * pattern * vis, 1.0);
}
