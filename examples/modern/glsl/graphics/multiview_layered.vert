#version 460
// Multiview: one view matrix per view index (GL_EXT_multiview), with draw parameters.
#extension GL_EXT_multiview : require
layout(location = 0) in vec3 position;
layout(set = 0, binding = 0) uniform Views { mat4 viewProjection[6]; } views;
layout(location = 0) out flat int drawId;
void main() {
  gl_Position = views.viewProjection[gl_ViewIndex] * vec4(position, 1.0);
  drawId = gl_DrawID + gl_BaseInstance;
}
