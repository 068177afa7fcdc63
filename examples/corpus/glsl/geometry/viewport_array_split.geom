#version 450
// Split-screen rendering: one draw, the triangle duplicated to four viewports through
// gl_ViewportIndex (MultiViewport), each with its own camera matrix.
layout(triangles, invocations = 4) in;
layout(triangle_strip, max_vertices = 3) out;

layout(set = 0, binding = 0, std140) uniform Players { mat4 viewProj[4]; } players;

layout(location = 0) in vec3 inWorld[];
layout(location = 1) in vec2 inUV[];
layout(location = 0) out vec2 outUV;

void main() {
    for (int i = 0; i < 3; ++i) {
        gl_ViewportIndex = gl_InvocationID;
        gl_Position = players.viewProj[gl_InvocationID] * vec4(inWorld[i], 1.0);
        outUV = inUV[i];
        EmitVertex();
    }
    EndPrimitive();
}
