#version 460
// Miss: a sky gradient (GL_EXT_ray_tracing).
#extension GL_EXT_ray_tracing : require
struct Hit { vec3 radiance; float distance; };
layout(location = 0) rayPayloadInEXT Hit hit;
void main() {
  float t = 0.5 * (normalize(gl_WorldRayDirectionEXT).y + 1.0);
  hit.radiance = mix(vec3(1.0), vec3(0.5, 0.7, 1.0), t);
  hit.distance = -1.0;
}
