#version 460
// Single-pass wireframe from hardware barycentrics (FragmentBarycentricKHR): edge distance
// from gl_BaryCoordEXT, per-vertex attribute read through pervertexEXT.
#extension GL_EXT_fragment_shader_barycentric : require

layout(location = 0) pervertexEXT in vec3 inVertexColor[];
layout(location = 1) in vec3 inShade;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 b = gl_BaryCoordEXT;
    vec3 d = fwidth(b);
    vec3 a = smoothstep(vec3(0.0), d * 1.5, b);
    float edge = 1.0 - min(min(a.x, a.y), a.z);
    vec3 c = inVertexColor[0] * b.x + inVertexColor[1] * b.y + inVertexColor[2] * b.z;
    vec3 np = gl_BaryCoordNoPerspEXT;
    outColor = vec4(mix(c * inShade, vec3(0.0), edge) + np * 0.0, 1.0);
}
