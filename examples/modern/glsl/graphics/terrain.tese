#version 460
// Tessellation evaluation: a height-mapped quad patch.
layout(quads, fractional_odd_spacing, cw) in;
layout(location = 0) in vec3 positions[];
layout(set = 0, binding = 1) uniform sampler2D heightMap;
layout(set = 0, binding = 2) uniform Transform { mat4 viewProjection; } transform;
void main() {
  vec3 a = mix(positions[0], positions[1], gl_TessCoord.x);
  vec3 b = mix(positions[3], positions[2], gl_TessCoord.x);
  vec3 p = mix(a, b, gl_TessCoord.y);
  p.y += textureLod(heightMap, gl_TessCoord.xy, 0.0).r;
  gl_Position = transform.viewProjection * vec4(p, 1.0);
}
