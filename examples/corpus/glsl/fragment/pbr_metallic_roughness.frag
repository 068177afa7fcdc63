#version 450
// Forward PBR: base color, normal, metallic-roughness and occlusion maps, up to 16 point
// lights from an std140 uniform block, image-based ambient from a prefiltered cube map.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/brdf.glsl"
#include "../include/color.glsl"

struct PointLight {
    vec4 positionRadius;
    vec4 colorIntensity;
};

layout(set = 0, binding = 1, std140) uniform Lights {
    PointLight lights[16];
    uint lightCount;
    float ambientIntensity;
} lighting;

layout(set = 1, binding = 0) uniform sampler2D baseColorMap;
layout(set = 1, binding = 1) uniform sampler2D normalMap;
layout(set = 1, binding = 2) uniform sampler2D metallicRoughnessMap;
layout(set = 1, binding = 3) uniform sampler2D occlusionMap;
layout(set = 0, binding = 2) uniform samplerCube prefilteredEnv;

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inTangent;
layout(location = 3) in vec2 inUV;

layout(location = 0) out vec4 outColor;

void main() {
    vec4 base = texture(baseColorMap, inUV);
    vec3 albedo = srgbToLinear(base.rgb);
    vec2 mr = texture(metallicRoughnessMap, inUV).bg;
    float ao = texture(occlusionMap, inUV).r;

    vec3 T = normalize(inTangent.xyz);
    vec3 N0 = normalize(inNormal);
    vec3 B = cross(N0, T) * inTangent.w;
    vec3 tn = texture(normalMap, inUV).xyz * 2.0 - 1.0;
    vec3 N = normalize(mat3(T, B, N0) * tn);
    vec3 V = normalize(camera.position.xyz - inWorldPos);

    vec3 color = vec3(0.0);
    for (uint i = 0u; i < lighting.lightCount; ++i) {
        PointLight light = lighting.lights[i];
        vec3 toLight = light.positionRadius.xyz - inWorldPos;
        float dist = length(toLight);
        float falloff = clamp(1.0 - pow(dist / light.positionRadius.w, 4.0), 0.0, 1.0);
        falloff = falloff * falloff / (dist * dist + 1.0);
        color += evaluateBRDF(N, V, toLight / dist, albedo, mr.x, mr.y)
               * light.colorIntensity.rgb * light.colorIntensity.w * falloff;
    }
    vec3 R = reflect(-V, N);
    vec3 env = textureLod(prefilteredEnv, R, mr.y * 6.0).rgb;
    color += env * albedo * lighting.ambientIntensity * ao;
    outColor = vec4(color, base.a);
}
