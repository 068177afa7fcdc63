#version 460
layout(set = 0, binding = 0) uniform sampler2D kCombined[4];
layout(set = 0, binding = 1) buffer SSBO {
    vec4 result;
    uint x;
};

void main() {
    result = texture(kCombined[x], vec2(0));
}
