#version 450
// Quad operations in a fragment shader (GroupNonUniformQuad): 2x2 box filter of a
// computed value without extra texture fetches, and quad-uniform branching.
#extension GL_KHR_shader_subgroup_quad : require
#extension GL_KHR_shader_subgroup_basic : require

layout(set = 0, binding = 0) uniform sampler2D src;
layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(src, inUV);
    vec4 h = subgroupQuadSwapHorizontal(c);
    vec4 v = subgroupQuadSwapVertical(c);
    vec4 d = subgroupQuadSwapDiagonal(c);
    vec4 avg = (c + h + v + d) * 0.25;
    vec4 corner = subgroupQuadBroadcast(c, 0u);
    outColor = mix(avg, corner, 0.1);
}
