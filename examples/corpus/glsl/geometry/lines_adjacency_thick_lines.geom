#version 450
// Thick anti-aliased polylines with mitred joins: lines_adjacency in, triangle_strip out.
layout(lines_adjacency) in;
layout(triangle_strip, max_vertices = 4) out;

layout(push_constant) uniform Line { vec2 viewport; float thickness; } line;

layout(location = 0) in vec4 inColor[];
layout(location = 0) out vec4 outColor;
layout(location = 1) noperspective out float outEdge;

vec2 toScreen(vec4 p) { return p.xy / p.w * line.viewport; }

void main() {
    vec2 p0 = toScreen(gl_in[0].gl_Position), p1 = toScreen(gl_in[1].gl_Position);
    vec2 p2 = toScreen(gl_in[2].gl_Position), p3 = toScreen(gl_in[3].gl_Position);
    vec2 dir = normalize(p2 - p1);
    vec2 n = vec2(-dir.y, dir.x);
    vec2 m1 = normalize(normalize(p1 - p0) + dir);
    vec2 m2 = normalize(dir + normalize(p3 - p2));
    vec2 miter1 = vec2(-m1.y, m1.x) * line.thickness / max(dot(vec2(-m1.y, m1.x), n), 0.25);
    vec2 miter2 = vec2(-m2.y, m2.x) * line.thickness / max(dot(vec2(-m2.y, m2.x), n), 0.25);
    vec4 a = gl_in[1].gl_Position, b = gl_in[2].gl_Position;
    gl_Position = vec4((p1 + miter1) / line.viewport * a.w, a.zw); outColor = inColor[1]; outEdge = 1.0; EmitVertex();
    gl_Position = vec4((p1 - miter1) / line.viewport * a.w, a.zw); outColor = inColor[1]; outEdge = -1.0; EmitVertex();
    gl_Position = vec4((p2 + miter2) / line.viewport * b.w, b.zw); outColor = inColor[2]; outEdge = 1.0; EmitVertex();
    gl_Position = vec4((p2 - miter2) / line.viewport * b.w, b.zw); outColor = inColor[2]; outEdge = -1.0; EmitVertex();
    EndPrimitive();
}
