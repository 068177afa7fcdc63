#version 460
// Fragment barycentrics and per-vertex inputs (GL_EXT_fragment_shader_barycentric).
#extension GL_EXT_fragment_shader_barycentric : require
layout(location = 0) pervertexEXT in vec3 vertexColor[];
layout(location = 0) out vec4 color;
void main() {
  vec3 b = gl_BaryCoordEXT;
  vec3 edge = min(b, gl_BaryCoordNoPerspEXT);
  color = vec4(vertexColor[0] * b.x + vertexColor[1] * b.y + vertexColor[2] * b.z, min(edge.x, min(edge.y, edge.z)));
}
