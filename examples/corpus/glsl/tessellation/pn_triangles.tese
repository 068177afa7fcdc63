#version 450
// Curved PN triangles, evaluation stage: evaluates the cubic Bezier triangle and a
// quadratic normal (triangles, equal_spacing, ccw).
layout(triangles, equal_spacing, ccw) in;

struct PnPatch {
    vec3 b210, b120, b021, b012, b102, b201, b111;
};

layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(location = 2) in vec2 inUV[];
layout(location = 3) patch in PnPatch inPatch;

layout(set = 0, binding = 0, std140) uniform Xform { mat4 viewProj; } xform;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUV;

void main() {
    float u = gl_TessCoord.x, v = gl_TessCoord.y, w = gl_TessCoord.z;
    float uu = u * u, vv = v * v, ww = w * w;
    vec3 p = inPosition[0] * ww * w + inPosition[1] * uu * u + inPosition[2] * vv * v
           + inPatch.b210 * 3.0 * ww * u + inPatch.b120 * 3.0 * w * uu + inPatch.b201 * 3.0 * ww * v
           + inPatch.b021 * 3.0 * uu * v + inPatch.b102 * 3.0 * w * vv + inPatch.b012 * 3.0 * u * vv
           + inPatch.b111 * 6.0 * w * u * v;
    outNormal = normalize(inNormal[0] * w + inNormal[1] * u + inNormal[2] * v);
    outUV = inUV[0] * w + inUV[1] * u + inUV[2] * v;
    gl_Position = xform.viewProj * vec4(p, 1.0);
}
