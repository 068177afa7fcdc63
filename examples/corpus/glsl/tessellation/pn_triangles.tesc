#version 450
// Curved PN triangles, control stage: computes the cubic Bezier control points per patch
// (patch outputs in a struct) and distance-based tessellation levels.
layout(vertices = 3) out;

struct PnPatch {
    vec3 b210, b120, b021, b012, b102, b201, b111;
};

layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(location = 2) in vec2 inUV[];

layout(location = 0) out vec3 outPosition[];
layout(location = 1) out vec3 outNormal[];
layout(location = 2) out vec2 outUV[];
layout(location = 3) patch out PnPatch outPatch;

layout(push_constant) uniform Tess { vec4 cameraPos; float maxLevel; float falloff; } tess;

vec3 project(vec3 p, vec3 plane, vec3 n) {
    return p - dot(p - plane, n) * n;
}

void main() {
    outPosition[gl_InvocationID] = inPosition[gl_InvocationID];
    outNormal[gl_InvocationID] = inNormal[gl_InvocationID];
    outUV[gl_InvocationID] = inUV[gl_InvocationID];
    barrier();
    if (gl_InvocationID == 0) {
        vec3 p0 = inPosition[0], p1 = inPosition[1], p2 = inPosition[2];
        vec3 n0 = inNormal[0], n1 = inNormal[1], n2 = inNormal[2];
        PnPatch pn;
        pn.b210 = (2.0 * p0 + p1 - dot(p1 - p0, n0) * n0) / 3.0;
        pn.b120 = (2.0 * p1 + p0 - dot(p0 - p1, n1) * n1) / 3.0;
        pn.b021 = (2.0 * p1 + p2 - dot(p2 - p1, n1) * n1) / 3.0;
        pn.b012 = (2.0 * p2 + p1 - dot(p1 - p2, n2) * n2) / 3.0;
        pn.b102 = (2.0 * p2 + p0 - dot(p0 - p2, n2) * n2) / 3.0;
        pn.b201 = (2.0 * p0 + p2 - dot(p2 - p0, n0) * n0) / 3.0;
        vec3 e = (pn.b210 + pn.b120 + pn.b021 + pn.b012 + pn.b102 + pn.b201) / 6.0;
        vec3 v = (p0 + p1 + p2) / 3.0;
        pn.b111 = e + (e - v) * 0.5;
        outPatch = pn;
        float d = distance(tess.cameraPos.xyz, v);
        float level = clamp(tess.maxLevel * exp(-d * tess.falloff), 1.0, tess.maxLevel);
        gl_TessLevelOuter[0] = level;
        gl_TessLevelOuter[1] = level;
        gl_TessLevelOuter[2] = level;
        gl_TessLevelInner[0] = level;
    }
}
