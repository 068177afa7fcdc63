#version 460
// Closest hit: barycentric interpolation from a shader record and buffer references, and a shadow ray.
#extension GL_EXT_ray_tracing : require
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_nonuniform_qualifier : require
layout(buffer_reference, std430) readonly buffer Normals { vec4 n[]; };
layout(shaderRecordEXT, std430) buffer Record { Normals normals; vec4 albedo; } record;
layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
hitAttributeEXT vec2 bary;
struct Hit { vec3 radiance; float distance; };
layout(location = 0) rayPayloadInEXT Hit hit;
layout(location = 2) rayPayloadEXT bool shadowed;
void main() {
  uint base = 3u * uint(gl_PrimitiveID);
  vec3 n = normalize(record.normals.n[base].xyz * (1.0 - bary.x - bary.y)
      + record.normals.n[base + 1u].xyz * bary.x + record.normals.n[base + 2u].xyz * bary.y);
  vec3 p = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_HitTEXT;
  shadowed = true;
  traceRayEXT(scene, gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsSkipClosestHitShaderEXT, 0xff, 0, 0, 1, p, 0.01,
      vec3(0, 1, 0), 100.0, 2);
  hit.radiance = record.albedo.rgb * max(dot(n, vec3(0, 1, 0)), 0.0) * (shadowed ? 0.2 : 1.0)
      * float(gl_InstanceCustomIndexEXT + 1);
  hit.distance = gl_HitTEXT;
}
