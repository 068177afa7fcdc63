#version 450
// Uber material shader compiled in permutations (see manifest.tsv): each macro switches a
// feature, as engines do to build their pipeline caches.
//   NORMAL_MAP  tangent-space normal mapping      ALPHA_TEST  cutout with discard
//   EMISSIVE    emissive texture                 SHADOW_PCF  4-tap PCF shadow lookup
//   FOG         exponential height fog           VERTEX_COLOR multiply by vertex color
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"
#include "../include/brdf.glsl"

layout(set = 1, binding = 0) uniform sampler2D albedoMap;
#ifdef NORMAL_MAP
layout(set = 1, binding = 1) uniform sampler2D normalMap;
#endif
#ifdef EMISSIVE
layout(set = 1, binding = 2) uniform sampler2D emissiveMap;
#endif
#ifdef SHADOW_PCF
layout(set = 0, binding = 3) uniform sampler2DShadow shadowMap;
#endif

layout(set = 1, binding = 4, std140) uniform Material {
    vec4 baseColor;
    vec4 emissive;
    float metallic;
    float roughness;
    float alphaCutoff;
    float fogDensity;
    vec4 fogColor;
    vec4 sunDirection;
    vec4 sunColor;
} material;

layout(location = 0) in vec3 inWorldPos;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUV;
#ifdef NORMAL_MAP
layout(location = 3) in vec4 inTangent;
#endif
#ifdef SHADOW_PCF
layout(location = 4) in vec4 inShadowCoord;
#endif
#ifdef VERTEX_COLOR
layout(location = 5) in vec4 inColor;
#endif

layout(location = 0) out vec4 outColor;

void main() {
    vec4 albedo = texture(albedoMap, inUV) * material.baseColor;
#ifdef VERTEX_COLOR
    albedo *= inColor;
#endif
#ifdef ALPHA_TEST
    if (albedo.a < material.alphaCutoff) discard;
#endif
    vec3 N = normalize(inNormal);
#ifdef NORMAL_MAP
    vec3 T = normalize(inTangent.xyz);
    vec3 B = cross(N, T) * inTangent.w;
    N = normalize(mat3(T, B, N) * (texture(normalMap, inUV).xyz * 2.0 - 1.0));
#endif
    vec3 V = normalize(camera.position.xyz - inWorldPos);
    vec3 L = normalize(-material.sunDirection.xyz);
    float shadow = 1.0;
#ifdef SHADOW_PCF
    vec3 sc = inShadowCoord.xyz / inShadowCoord.w;
    shadow = 0.25 * (textureOffset(shadowMap, sc, ivec2(-1, -1))
                   + textureOffset(shadowMap, sc, ivec2(1, -1))
                   + textureOffset(shadowMap, sc, ivec2(-1, 1))
                   + textureOffset(shadowMap, sc, ivec2(1, 1)));
#endif
    vec3 color = evaluateBRDF(N, V, L, albedo.rgb, material.metallic, material.roughness)
               * material.sunColor.rgb * shadow + albedo.rgb * 0.03;
#ifdef EMISSIVE
    color += texture(emissiveMap, inUV).rgb * material.emissive.rgb;
#endif
#ifdef FOG
    float dist = distance(camera.position.xyz, inWorldPos);
    float fog = 1.0 - exp(-dist * material.fogDensity * exp(-max(inWorldPos.y, 0.0) * 0.1));
    color = mix(color, material.fogColor.rgb, fog);
#endif
    outColor = vec4(color, albedo.a);
}
