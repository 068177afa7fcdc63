#version 460
#extension GL_GOOGLE_include_directive : require
#include "lights.glsl"
layout(set = 0, binding = 1) uniform sampler2D textures[8];
layout(location = 0) in vec2 uv;
layout(location = 1) flat in int material;
layout(location = 0) out vec4 colour;

vec4 albedo(int m) {
    return texture(textures[m], uv);
}

void main() {
    colour = albedo(material) * lights.colour[0];
#line 100
    colour += texture(textures[material + 1], uv);
}
