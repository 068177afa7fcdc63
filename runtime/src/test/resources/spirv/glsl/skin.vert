#version 450
layout(location = 0) in vec3 position;
layout(location = 1) in uvec4 joints;
layout(location = 2) in vec4 jointWeights;
layout(location = 0) out vec3 normal;
layout(set = 0, binding = 0) readonly buffer Joints { mat4 jointMatrices[]; };
layout(push_constant) uniform Push { mat4 viewProj; uint flags; } pc;
out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };

mat4 skinMatrix() {
  mat4 m = mat4(0.0);
  for (int i = 0; i < 4; ++i) m += jointWeights[i] * jointMatrices[joints[i]];
  return m;
}

void main() {
  mat4 s = skinMatrix();
  gl_Position = pc.viewProj * s * vec4(position, 1.0);
  gl_PointSize = (pc.flags & 1u) != 0u ? 2.0 : 1.0;
  normal = normalize(mat3(s) * position);
}
