#version 460
// Demote to helper invocation, so derivatives stay defined after alpha testing
// (GL_EXT_demote_to_helper_invocation).
#extension GL_EXT_demote_to_helper_invocation : require
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
layout(set = 0, binding = 0) uniform sampler2D albedo;
void main() {
  vec4 c = texture(albedo, uv);
  if (c.a < 0.5) {
    demote;
  }
  color = vec4(c.rgb * (helperInvocationEXT() ? 0.0 : 1.0), length(fwidth(uv)));
}
