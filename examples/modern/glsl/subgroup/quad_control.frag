#version 460
// Quad control: quad-scope votes and quad-derivative execution modes (GL_EXT_shader_quad_control).
#extension GL_EXT_shader_quad_control : require
#extension GL_KHR_shader_subgroup_vote : require
#ifdef FULL_QUADS
layout(full_quads) in;
#endif
#ifdef QUAD_DERIVATIVES
layout(quad_derivatives) in;
#endif
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0) uniform sampler2D albedo;
void main() {
  bool opaque = texture(albedo, uv).a > 0.5;
  if (subgroupQuadAll(opaque)) {
    color = vec4(texture(albedo, uv).rgb, 1.0);
  } else if (subgroupQuadAny(opaque)) {
    color = vec4(0.5);
  } else {
    color = vec4(0.0);
  }
}
