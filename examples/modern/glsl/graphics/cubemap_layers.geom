#version 460
// Geometry shader: one triangle per cube face, routed by gl_Layer, with invocations.
layout(triangles, invocations = 6) in;
layout(triangle_strip, max_vertices = 3) out;
layout(set = 0, binding = 0) uniform Faces { mat4 viewProjection[6]; } faces;
layout(location = 0) out vec3 worldPos;
void main() {
  for (int i = 0; i < 3; ++i) {
    worldPos = gl_in[i].gl_Position.xyz;
    gl_Layer = gl_InvocationID;
    gl_Position = faces.viewProjection[gl_InvocationID] * gl_in[i].gl_Position;
    EmitVertex();
  }
  EndPrimitive();
}
