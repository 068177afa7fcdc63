#version 450
// Immediate-mode UI: 2D positions, packed RGBA8 color unpacked in the shader.
layout(location = 0) in vec2 inPos;
layout(location = 1) in vec2 inUV;
layout(location = 2) in uint inColor;

layout(push_constant) uniform UI {
    vec2 scale;
    vec2 translate;
} ui;

layout(location = 0) out vec4 outColor;
layout(location = 1) out vec2 outUV;

void main() {
    outColor = unpackUnorm4x8(inColor);
    outUV = inUV;
    gl_Position = vec4(inPos * ui.scale + ui.translate, 0.0, 1.0);
}
