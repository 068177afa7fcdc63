#version 460
layout(set = 0, binding = 0) uniform sampler2D ycbcr[4];
layout(set = 0, binding = 1) buffer SSBO {
    vec4 result;
};

void main() {
    result = texture(ycbcr[2], vec2(0));
}
