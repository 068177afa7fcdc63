#version 450
layout (set = 0, binding = 0) uniform sampler2D ycbcr[2];
layout (set = 0, binding = 1) uniform UBO { uint index; };
void main() {
    gl_Position = texelFetch(ycbcr[index], ivec2(0), 0);
}
