#version 450
// Omnidirectional shadow map in one pass: geometry shader instancing (invocations = 6)
// routes each triangle to a cube face through gl_Layer (Geometry, layered rendering).
layout(triangles, invocations = 6) in;
layout(triangle_strip, max_vertices = 3) out;

layout(set = 0, binding = 0, std140) uniform CubeShadow {
    mat4 faceViewProj[6];
    vec4 lightPosRange;
} cube;

layout(location = 0) in vec3 inWorld[];
layout(location = 0) out vec3 outToLight;

void main() {
    int face = gl_InvocationID;
    vec4 clip[3];
    int outside = 0;
    for (int i = 0; i < 3; ++i) {
        clip[i] = cube.faceViewProj[face] * vec4(inWorld[i], 1.0);
        outside += (clip[i].w <= 0.0) ? 1 : 0;
    }
    if (outside == 3) return;
    for (int i = 0; i < 3; ++i) {
        gl_Layer = face;
        gl_Position = clip[i];
        outToLight = (inWorld[i] - cube.lightPosRange.xyz) / cube.lightPosRange.w;
        EmitVertex();
    }
    EndPrimitive();
}
