#version 460
// Ray query in a fragment shader: inline shadow test (GL_EXT_ray_query).
#extension GL_EXT_ray_query : require
layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(location = 0) in vec3 worldPos;
layout(location = 0) out vec4 color;
void main() {
  rayQueryEXT q;
  rayQueryInitializeEXT(q, scene, gl_RayFlagsTerminateOnFirstHitEXT, 0xff, worldPos, 0.01, vec3(0, 1, 0), 100.0);
  while (rayQueryProceedEXT(q)) {
  }
  bool lit = rayQueryGetIntersectionTypeEXT(q, true) == gl_RayQueryCommittedIntersectionNoneEXT;
  color = vec4(vec3(lit ? 1.0 : 0.2), 1.0);
}
