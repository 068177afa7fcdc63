#version 460
// Tessellation control: distance-based levels.
layout(vertices = 4) out;
layout(location = 0) in vec3 positions[];
layout(location = 0) out vec3 outPositions[];
layout(set = 0, binding = 0) uniform Camera { vec4 eye; } camera;
void main() {
  outPositions[gl_InvocationID] = positions[gl_InvocationID];
  if (gl_InvocationID == 0) {
    float d = distance(camera.eye.xyz, positions[0]);
    float level = clamp(64.0 / d, 1.0, 64.0);
    gl_TessLevelOuter[0] = level;
    gl_TessLevelOuter[1] = level;
    gl_TessLevelOuter[2] = level;
    gl_TessLevelOuter[3] = level;
    gl_TessLevelInner[0] = level;
    gl_TessLevelInner[1] = level;
  }
}
