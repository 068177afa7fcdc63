#version 450
// Phong tessellation: projects the flat point onto the vertex tangent planes and blends
// (triangles, fractional_odd_spacing, cw), passes gl_PrimitiveID through.
layout(triangles, fractional_odd_spacing, cw) in;

layout(location = 0) in vec3 inPosition[];
layout(location = 1) in vec3 inNormal[];
layout(push_constant) uniform PC { mat4 viewProj; float alpha; } pc;
layout(location = 0) out vec3 outNormal;
layout(location = 1) flat out int outPatch;

vec3 projectToPlane(vec3 p, vec3 origin, vec3 n) {
    return p - dot(p - origin, n) * n;
}

void main() {
    vec3 b = gl_TessCoord;
    vec3 planar = inPosition[0] * b.x + inPosition[1] * b.y + inPosition[2] * b.z;
    vec3 phong = projectToPlane(planar, inPosition[0], inNormal[0]) * b.x
               + projectToPlane(planar, inPosition[1], inNormal[1]) * b.y
               + projectToPlane(planar, inPosition[2], inNormal[2]) * b.z;
    vec3 p = mix(planar, phong, pc.alpha);
    outNormal = normalize(inNormal[0] * b.x + inNormal[1] * b.y + inNormal[2] * b.z);
    outPatch = gl_PrimitiveID;
    gl_Position = pc.viewProj * vec4(p, 1.0);
}
