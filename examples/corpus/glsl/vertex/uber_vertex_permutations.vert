#version 450
// Uber vertex shader compiled in permutations (see manifest.tsv); the attribute layout and
// the varyings change with the macros, as a material system's vertex factory does.
//   SKINNING      four-bone linear blend skinning      MORPH     one morph target delta
//   INSTANCING    per-instance model matrix attribute  TANGENTS  tangent frame output
//   SECOND_UV     lightmap coordinates
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(push_constant) uniform Draw {
    mat4 model;
    float morphWeight;
} draw;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUV;
#ifdef TANGENTS
layout(location = 3) in vec4 inTangent;
#endif
#ifdef SECOND_UV
layout(location = 4) in vec2 inUV2;
#endif
#ifdef SKINNING
layout(location = 5) in uvec4 inJoints;
layout(location = 6) in vec4 inWeights;
layout(set = 1, binding = 0, std430) readonly buffer Bones { mat4 bones[]; };
#endif
#ifdef MORPH
layout(location = 7) in vec3 inMorphDelta;
#endif
#ifdef INSTANCING
layout(location = 8) in mat4 inInstanceModel;   // locations 8..11
#endif

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) out vec2 outUV;
#ifdef TANGENTS
layout(location = 3) out vec4 outTangent;
#endif
#ifdef SECOND_UV
layout(location = 4) out vec2 outUV2;
#endif

void main() {
    vec3 position = inPosition;
#ifdef MORPH
    position += inMorphDelta * draw.morphWeight;
#endif
    mat4 model = draw.model;
#ifdef INSTANCING
    model = model * inInstanceModel;
#endif
#ifdef SKINNING
    mat4 skin = inWeights.x * bones[inJoints.x] + inWeights.y * bones[inJoints.y]
              + inWeights.z * bones[inJoints.z] + inWeights.w * bones[inJoints.w];
    model = model * skin;
#endif
    vec4 world = model * vec4(position, 1.0);
    mat3 normalMatrix = transpose(inverse(mat3(model)));
    outWorldPos = world.xyz;
    outNormal = normalize(normalMatrix * inNormal);
    outUV = inUV;
#ifdef TANGENTS
    outTangent = vec4(normalize(mat3(model) * inTangent.xyz), inTangent.w);
#endif
#ifdef SECOND_UV
    outUV2 = inUV2;
#endif
    gl_Position = camera.viewProj * world;
}
