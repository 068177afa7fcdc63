#version 450
// Silhouette extraction from triangles with adjacency: emits an edge when the triangle
// faces the light and its neighbour does not (shadow-volume style).
layout(triangles_adjacency) in;
layout(line_strip, max_vertices = 6) out;

layout(push_constant) uniform PC { mat4 viewProj; vec4 lightPos; } pc;

layout(location = 0) in vec3 inWorld[];

bool facesLight(vec3 a, vec3 b, vec3 c) {
    vec3 n = cross(b - a, c - a);
    return dot(n, pc.lightPos.xyz - a) > 0.0;
}

void emitEdge(vec3 a, vec3 b) {
    gl_Position = pc.viewProj * vec4(a, 1.0);
    EmitVertex();
    gl_Position = pc.viewProj * vec4(b, 1.0);
    EmitVertex();
    EndPrimitive();
}

void main() {
    vec3 v0 = inWorld[0], v1 = inWorld[1], v2 = inWorld[2];
    vec3 v3 = inWorld[3], v4 = inWorld[4], v5 = inWorld[5];
    if (facesLight(v0, v2, v4)) {
        if (!facesLight(v0, v1, v2)) emitEdge(v0, v2);
        if (!facesLight(v2, v3, v4)) emitEdge(v2, v4);
        if (!facesLight(v4, v5, v0)) emitEdge(v4, v0);
    }
}
