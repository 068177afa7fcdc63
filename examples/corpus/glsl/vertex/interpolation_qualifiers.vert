#version 450
// Feeds interpolation_qualifiers.frag: smooth, flat, noperspective, centroid and sample.
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec2 inUV;
layout(location = 2) in uint inMaterial;

layout(location = 0) smooth out vec3 outWorld;
layout(location = 1) flat out uint outMaterial;
layout(location = 2) noperspective out vec2 outScreen;
layout(location = 3) centroid out vec2 outUV;
layout(location = 4) sample out vec2 outSampleUV;
layout(location = 5) flat out ivec2 outTile;

layout(push_constant) uniform PC { mat4 mvp; } pc;

void main() {
    vec4 clip = pc.mvp * vec4(inPosition, 1.0);
    outWorld = inPosition;
    outMaterial = inMaterial;
    outScreen = clip.xy / clip.w;
    outUV = inUV;
    outSampleUV = inUV * 4.0;
    outTile = ivec2(floor(inUV * 8.0));
    gl_Position = clip;
}
