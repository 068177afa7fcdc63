#version 460
layout(set = 0, binding = 0) uniform sampler2D textures[8];
layout(location = 0) in vec2 uv;
layout(location = 1) flat in int material;
layout(location = 0) out vec4 colour;

vec4 albedo(int m) {
    return texture(textures[m], uv);
}

vec4 shade(int m) {
    return albedo(m) * 0.5;
}

void main() {
    colour = shade(material);
}
