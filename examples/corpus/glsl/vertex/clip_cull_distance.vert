#version 450
// User clip planes (section cut) and cull distances (ClipDistance, CullDistance).
layout(set = 0, binding = 0, std140) uniform Planes {
    mat4 mvp;
    vec4 clipPlanes[2];
    vec4 cullPlane;
} planes;

layout(location = 0) in vec3 inPosition;

out gl_PerVertex {
    vec4 gl_Position;
    float gl_ClipDistance[2];
    float gl_CullDistance[1];
};

void main() {
    vec4 p = vec4(inPosition, 1.0);
    gl_ClipDistance[0] = dot(p, planes.clipPlanes[0]);
    gl_ClipDistance[1] = dot(p, planes.clipPlanes[1]);
    gl_CullDistance[0] = dot(p, planes.cullPlane);
    gl_Position = planes.mvp * p;
}
