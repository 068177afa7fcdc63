#version 450
layout (set = 0, binding = 0) uniform sampler2D ycbcr;
layout(location=0) out vec4 out_color;
void main() {
    out_color = texelFetch(ycbcr, ivec2(0), 0);
}
