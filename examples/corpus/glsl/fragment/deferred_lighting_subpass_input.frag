#version 450
// Deferred lighting in a second subpass: reads the G-buffer through input attachments
// (subpassLoad) and accumulates a directional light.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/brdf.glsl"
#include "../include/octahedral.glsl"

layout(input_attachment_index = 0, set = 1, binding = 0) uniform subpassInput gAlbedo;
layout(input_attachment_index = 1, set = 1, binding = 1) uniform subpassInput gNormalRoughMetal;
layout(input_attachment_index = 2, set = 1, binding = 2) uniform subpassInput gDepth;

layout(push_constant) uniform Sun {
    vec4 direction;
    vec4 color;
} sun;

layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 albedo = subpassLoad(gAlbedo).rgb;
    vec4 nrm = subpassLoad(gNormalRoughMetal);
    float depth = subpassLoad(gDepth).r;
    vec4 clip = vec4(inUV * 2.0 - 1.0, depth, 1.0);
    vec4 world = camera.invViewProj * clip;
    world /= world.w;
    vec3 N = decodeOctahedral(nrm.xy);
    vec3 V = normalize(camera.position.xyz - world.xyz);
    vec3 color = evaluateBRDF(N, V, -sun.direction.xyz, albedo, nrm.w, nrm.z) * sun.color.rgb;
    outColor = vec4(color + albedo * 0.02, 1.0);
}
