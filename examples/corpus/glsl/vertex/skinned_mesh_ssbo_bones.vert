#version 450
// Linear blend skinning: four joint indices and weights per vertex, bone palette in an
// std430 storage buffer indexed by a per-draw offset.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(set = 1, binding = 0, std430) readonly buffer BonePalette {
    mat4 bones[];
} palette;

layout(push_constant) uniform Draw {
    mat4 model;
    uint boneOffset;
} draw;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec4 inTangent;
layout(location = 3) in vec2 inUV;
layout(location = 4) in uvec4 inJoints;
layout(location = 5) in vec4 inWeights;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec4 outTangent;
layout(location = 2) out vec2 outUV;

void main() {
    mat4 skin = inWeights.x * palette.bones[draw.boneOffset + inJoints.x]
              + inWeights.y * palette.bones[draw.boneOffset + inJoints.y]
              + inWeights.z * palette.bones[draw.boneOffset + inJoints.z]
              + inWeights.w * palette.bones[draw.boneOffset + inJoints.w];
    mat4 world = draw.model * skin;
    outNormal = normalize(mat3(world) * inNormal);
    outTangent = vec4(normalize(mat3(world) * inTangent.xyz), inTangent.w);
    outUV = inUV;
    gl_Position = camera.viewProj * world * vec4(inPosition, 1.0);
}
