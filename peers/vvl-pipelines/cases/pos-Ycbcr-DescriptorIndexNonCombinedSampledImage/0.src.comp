#version 460
layout(set = 0, binding = 0) uniform texture2D kTextures2D[4];
layout(set = 0, binding = 1) uniform sampler kSamplers[4];
layout(set = 0, binding = 2) buffer SSBO {
    vec4 result;
};

void main() {
    result = texture(sampler2D(kTextures2D[1], kSamplers[0]), vec2(0));
}
