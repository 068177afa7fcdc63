#version 450
// Large-world coordinates: double-precision vertex attributes (a dvec3 consumes two
// locations) rebased around a double-precision camera origin (Float64).
layout(location = 0) in dvec3 inPositionHi;
layout(location = 2) in vec3 inNormal;

layout(set = 0, binding = 0, std140) uniform World {
    dvec4 origin;
    mat4 viewProj;
} world;

layout(location = 0) out vec3 outNormal;

void main() {
    vec3 relative = vec3(inPositionHi - world.origin.xyz);
    outNormal = inNormal;
    gl_Position = world.viewProj * vec4(relative, 1.0);
}
