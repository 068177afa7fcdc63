#version 450
// Bicubic Bezier patch (16 control points) evaluated in point mode for a point-cloud
// preview (quads, fractional_even_spacing, point_mode).
layout(quads, fractional_even_spacing, ccw, point_mode) in;

layout(location = 0) in vec3 inControl[];
layout(push_constant) uniform PC { mat4 viewProj; } pc;
layout(location = 0) out vec3 outNormal;

vec4 bernstein(float t) {
    float s = 1.0 - t;
    return vec4(s * s * s, 3.0 * t * s * s, 3.0 * t * t * s, t * t * t);
}

vec4 bernsteinDeriv(float t) {
    float s = 1.0 - t;
    return vec4(-3.0 * s * s, 3.0 * s * s - 6.0 * t * s, 6.0 * t * s - 3.0 * t * t, 3.0 * t * t);
}

void main() {
    vec4 bu = bernstein(gl_TessCoord.x), bv = bernstein(gl_TessCoord.y);
    vec4 du = bernsteinDeriv(gl_TessCoord.x), dv = bernsteinDeriv(gl_TessCoord.y);
    vec3 p = vec3(0.0), pu = vec3(0.0), pv = vec3(0.0);
    for (int j = 0; j < 4; ++j) {
        for (int i = 0; i < 4; ++i) {
            vec3 c = inControl[j * 4 + i];
            p += bu[i] * bv[j] * c;
            pu += du[i] * bv[j] * c;
            pv += bu[i] * dv[j] * c;
        }
    }
    outNormal = normalize(cross(pu, pv));
    gl_PointSize = 2.0;
    gl_Position = pc.viewProj * vec4(p, 1.0);
}
