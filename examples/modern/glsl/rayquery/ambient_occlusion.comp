#version 460
// Ray query in compute: ambient occlusion with candidate handling (GL_EXT_ray_query), and
// triangle positions (GL_EXT_ray_tracing_position_fetch).
#extension GL_EXT_ray_query : require
#extension GL_EXT_ray_tracing_position_fetch : require
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1, r8) uniform image2D ao;
layout(set = 0, binding = 2, std430) readonly buffer GBuffer { vec4 positions[]; } gbuffer;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  vec3 origin = gbuffer.positions[p.y * 1024 + p.x].xyz;
  float occlusion = 0.0;
  for (int i = 0; i < 4; ++i) {
    rayQueryEXT q;
    vec3 dir = normalize(vec3(float(i) - 1.5, 1.0, 0.5));
    rayQueryInitializeEXT(q, scene, gl_RayFlagsNoneEXT, 0xff, origin, 0.01, dir, 2.0);
    while (rayQueryProceedEXT(q)) {
      if (rayQueryGetIntersectionTypeEXT(q, false) == gl_RayQueryCandidateIntersectionTriangleEXT) {
        rayQueryConfirmIntersectionEXT(q);
      }
    }
    if (rayQueryGetIntersectionTypeEXT(q, true) != gl_RayQueryCommittedIntersectionNoneEXT) {
      vec3 v[3];
      rayQueryGetIntersectionTriangleVertexPositionsEXT(q, true, v);
      occlusion += 0.25 * step(0.0, dot(cross(v[1] - v[0], v[2] - v[0]), dir));
    }
  }
  imageStore(ao, p, vec4(1.0 - occlusion));
}
