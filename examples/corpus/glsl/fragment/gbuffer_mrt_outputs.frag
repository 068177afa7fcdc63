#version 450
// G-buffer fill: four render targets of different component types (float, unsigned and
// signed integer), octahedral normal encoding.
#extension GL_GOOGLE_include_directive : require
#include "../include/octahedral.glsl"

layout(set = 1, binding = 0) uniform sampler2D albedoMap;
layout(set = 1, binding = 1) uniform sampler2D normalMap;

layout(push_constant) uniform Obj { uint objectId; float metallic; float roughness; } obj;

layout(location = 0) in vec3 inNormal;
layout(location = 1) in vec4 inTangent;
layout(location = 2) in vec2 inUV;
layout(location = 3) in vec2 inMotion;

layout(location = 0) out vec4 outAlbedo;
layout(location = 1) out vec4 outNormalRoughMetal;
layout(location = 2) out uvec2 outObjectId;
layout(location = 3) out ivec2 outMotionFixed;

void main() {
    vec3 N = normalize(inNormal);
    vec3 T = normalize(inTangent.xyz);
    vec3 B = cross(N, T) * inTangent.w;
    N = normalize(mat3(T, B, N) * (texture(normalMap, inUV).xyz * 2.0 - 1.0));
    outAlbedo = texture(albedoMap, inUV);
    outNormalRoughMetal = vec4(encodeOctahedral(N), obj.roughness, obj.metallic);
    outObjectId = uvec2(obj.objectId, uint(gl_PrimitiveID));
    outMotionFixed = ivec2(round(inMotion * 4096.0));
}
