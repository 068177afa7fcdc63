#version 450

layout(location = 0, component = 0) out vec2 rg;
layout(location = 0, component = 2) out float b;

layout(location = 1, component = 0) out float r;
layout(location = 1, component = 1) out vec3 gba;

layout(location = 2) out vec4 out_color_0;
layout(location = 3) out vec4 out_color_1;

layout(location = 4, component = 0) out float x;
layout(location = 4, component = 1) out vec2 yz;
layout(location = 4, component = 3) out float w;

layout(location = 5, component = 0) out vec3 stp;
layout(location = 5, component = 3) out float q;

layout(location = 6, component = 0) out vec2 cd;
layout(location = 6, component = 2) out float e;
layout(location = 6, component = 3) out float f;

layout(location = 7, component = 0) out float ar1;
layout(location = 7, component = 1) out float ar2[2];
layout(location = 7, component = 3) out float ar3;

void main() {
    vec2 xy = vec2((gl_VertexIndex >> 1u) & 1u, gl_VertexIndex & 1u);
    gl_Position = vec4(xy, 0.0f, 1.0f);
    out_color_0 = vec4(1.0f, 0.0f, 1.0f, 0.0f);
    out_color_1 = vec4(0.0f, 1.0f, 0.0f, 1.0f);
    rg = vec2(0.25f, 0.75f);
    b = 0.5f;
    r = 0.75f;
    gba = vec3(1.0f);
    x = 1.0f;
    yz = vec2(0.25f);
    w = 0.5f;
    stp = vec3(1.0f);
    q = 0.1f;
    ar1 = 1.0f;
    ar2[0] = 0.5f;
    ar2[1] = 0.75f;
    ar3 = 1.0f;
}
