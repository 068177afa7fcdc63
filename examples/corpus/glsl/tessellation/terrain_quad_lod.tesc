#version 450
// Terrain quad patches, control stage: screen-space-error tessellation factors per edge
// with frustum culling of whole patches (outer level 0 discards the patch).
layout(vertices = 4) out;

layout(set = 0, binding = 0, std140) uniform Terrain {
    mat4 viewProj;
    vec4 frustumPlanes[6];
    vec2 viewportSize;
    float pixelsPerEdge;
    float maxHeight;
} terrain;

layout(location = 0) in vec2 inXZ[];
layout(location = 0) out vec2 outXZ[];

float edgeLevel(vec2 a, vec2 b) {
    vec4 ca = terrain.viewProj * vec4(a.x, 0.0, a.y, 1.0);
    vec4 cb = terrain.viewProj * vec4(b.x, 0.0, b.y, 1.0);
    vec2 sa = ca.xy / max(ca.w, 1e-3) * terrain.viewportSize;
    vec2 sb = cb.xy / max(cb.w, 1e-3) * terrain.viewportSize;
    return clamp(distance(sa, sb) / terrain.pixelsPerEdge, 1.0, 64.0);
}

bool visible() {
    vec2 mn = min(min(inXZ[0], inXZ[1]), min(inXZ[2], inXZ[3]));
    vec2 mx = max(max(inXZ[0], inXZ[1]), max(inXZ[2], inXZ[3]));
    vec3 center = vec3((mn + mx) * 0.5, 0.0).xzy + vec3(0.0, terrain.maxHeight * 0.5, 0.0);
    float radius = length(vec3(mx - mn, terrain.maxHeight)) * 0.5;
    for (int i = 0; i < 6; ++i) {
        if (dot(terrain.frustumPlanes[i].xyz, center) + terrain.frustumPlanes[i].w < -radius) return false;
    }
    return true;
}

void main() {
    outXZ[gl_InvocationID] = inXZ[gl_InvocationID];
    if (gl_InvocationID == 0) {
        if (!visible()) {
            gl_TessLevelOuter[0] = 0.0;
            gl_TessLevelOuter[1] = 0.0;
            gl_TessLevelOuter[2] = 0.0;
            gl_TessLevelOuter[3] = 0.0;
            gl_TessLevelInner[0] = 0.0;
            gl_TessLevelInner[1] = 0.0;
        } else {
            gl_TessLevelOuter[0] = edgeLevel(inXZ[3], inXZ[0]);
            gl_TessLevelOuter[1] = edgeLevel(inXZ[0], inXZ[1]);
            gl_TessLevelOuter[2] = edgeLevel(inXZ[1], inXZ[2]);
            gl_TessLevelOuter[3] = edgeLevel(inXZ[2], inXZ[3]);
            gl_TessLevelInner[0] = max(gl_TessLevelOuter[1], gl_TessLevelOuter[3]);
            gl_TessLevelInner[1] = max(gl_TessLevelOuter[0], gl_TessLevelOuter[2]);
        }
    }
}
