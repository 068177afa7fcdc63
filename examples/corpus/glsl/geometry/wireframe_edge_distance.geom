#version 450
// Solid-wireframe: computes each vertex's screen-space distance to the opposite edge and
// passes it noperspective to the fragment shader.
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;

layout(push_constant) uniform Viewport { vec2 size; } viewport;

layout(location = 0) in vec3 inNormal[];
layout(location = 0) out vec3 outNormal;
layout(location = 1) noperspective out vec3 outEdgeDist;

void main() {
    vec2 p0 = viewport.size * gl_in[0].gl_Position.xy / gl_in[0].gl_Position.w;
    vec2 p1 = viewport.size * gl_in[1].gl_Position.xy / gl_in[1].gl_Position.w;
    vec2 p2 = viewport.size * gl_in[2].gl_Position.xy / gl_in[2].gl_Position.w;
    vec2 v0 = p2 - p1, v1 = p2 - p0, v2 = p1 - p0;
    float area = abs(v1.x * v2.y - v1.y * v2.x);
    vec3 heights = vec3(area / length(v0), area / length(v1), area / length(v2));
    for (int i = 0; i < 3; ++i) {
        gl_Position = gl_in[i].gl_Position;
        outNormal = inNormal[i];
        outEdgeDist = vec3(0.0);
        outEdgeDist[i] = heights[i];
        EmitVertex();
    }
    EndPrimitive();
}
