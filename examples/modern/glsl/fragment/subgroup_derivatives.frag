#version 460
// Quad operations in a fragment shader as cheap derivatives (GL_KHR_shader_subgroup_quad), with
// explicit fine/coarse derivatives.
#extension GL_KHR_shader_subgroup_quad : require
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
  float x = uv.x * uv.y;
  float dx = subgroupQuadSwapHorizontal(x) - x;
  float dy = subgroupQuadSwapVertical(x) - x;
  color = vec4(dx, dy, dFdxFine(x) + dFdyCoarse(x), subgroupQuadSwapDiagonal(x));
}
