#version 450

layout(location = 0, component = 0) in float r;
layout(location = 0, component = 1) in vec2 gb;

layout(location = 1, component = 0) in float r1;
layout(location = 1, component = 1) in float g1;
layout(location = 1, component = 2) in float b1;
layout(location = 1, component = 3) in float a1;

layout(location = 2) in InputBlock {
    layout(location = 3, component = 3) float one_alpha;
    layout(location = 2, component = 3) float zero_alpha;
    layout(location = 3, component = 2) float one_blue;
    layout(location = 2, component = 2) float zero_blue;
    layout(location = 3, component = 1) float one_green;
    layout(location = 2, component = 1) float zero_green;
    layout(location = 3, component = 0) float one_red;
    layout(location = 2, component = 0) float zero_red;
} inBlock;

layout(location = 4, component = 0) in vec2 xy;
layout(location = 4, component = 2) in vec2 zw;

layout(location = 5, component = 0) in vec4 st;

layout(location = 6, component = 0) in vec4 cdef;

layout(location = 7, component = 0) in float ar1;
layout(location = 7, component = 1) in float ar2;
layout(location = 8, component = 1) in float ar3;
layout(location = 7, component = 3) in float ar4;

layout (location = 0) out vec4 color;

void main() {
    color = vec4(r, gb, 1.0f) *
            vec4(r1, g1, 1.0f, a1) *
            vec4(inBlock.zero_red, inBlock.zero_green, inBlock.zero_blue, inBlock.zero_alpha) *
            vec4(inBlock.one_red, inBlock.one_green, inBlock.one_blue, inBlock.one_alpha) *
            vec4(xy, zw) * st * cdef * vec4(ar1, ar2, ar3, ar4);
}
