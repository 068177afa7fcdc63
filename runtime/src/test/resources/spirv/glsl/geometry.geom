#version 450
layout(triangles) in;
layout(line_strip, max_vertices = 6) out;
layout(location = 0) in vec3 inNormal[];
layout(location = 0) out vec3 outColor;
void emit(vec4 p, vec3 c) { gl_Position = p; outColor = c; EmitVertex(); }
void main() {
  for (int i = 0; i < gl_in.length(); i++) {
    emit(gl_in[i].gl_Position, vec3(1.0, 0.0, 0.0));
    emit(gl_in[i].gl_Position + vec4(inNormal[i] * 0.1, 0.0), vec3(0.0, 0.0, 1.0));
    EndPrimitive();
  }
}
