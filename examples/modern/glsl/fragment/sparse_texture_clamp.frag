#version 460
// Sparse residency with LOD clamp and texel offsets (GL_ARB_sparse_texture2, GL_ARB_sparse_texture_clamp).
#extension GL_ARB_sparse_texture2 : require
#extension GL_ARB_sparse_texture_clamp : require
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0) uniform sampler2D terrain;
void main() {
  vec4 texel;
  int code = sparseTextureClampARB(terrain, uv, 2.0, texel);
  if (!sparseTexelsResidentARB(code)) {
    texel = textureLodOffset(terrain, uv, 4.0, ivec2(1, -1));
  }
  color = texel;
}
