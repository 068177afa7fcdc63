#version 450
// Bicubic Bezier patch control stage: passes the 16 control points through, tessellation
// levels from a uniform and per-patch culling of back-facing patches.
layout(vertices = 16) out;

layout(location = 0) in vec3 inControl[];
layout(location = 0) out vec3 outControl[];
layout(set = 0, binding = 0, std140) uniform Levels { vec4 outer; vec2 inner; vec4 eye; } levels;

void main() {
    outControl[gl_InvocationID] = inControl[gl_InvocationID];
    if (gl_InvocationID == 0) {
        vec3 n = cross(inControl[3] - inControl[0], inControl[12] - inControl[0]);
        bool back = dot(n, levels.eye.xyz - inControl[0]) < 0.0 && levels.eye.w > 0.0;
        float scale = back ? 0.0 : 1.0;
        gl_TessLevelOuter[0] = levels.outer.x * scale;
        gl_TessLevelOuter[1] = levels.outer.y * scale;
        gl_TessLevelOuter[2] = levels.outer.z * scale;
        gl_TessLevelOuter[3] = levels.outer.w * scale;
        gl_TessLevelInner[0] = levels.inner.x;
        gl_TessLevelInner[1] = levels.inner.y;
    }
}
