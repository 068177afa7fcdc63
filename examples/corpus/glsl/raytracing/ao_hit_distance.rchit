#version 460
// Closest hit for ambient-occlusion rays: returns gl_HitTEXT (gl_RayTmaxEXT at the hit)
// through the payload.
#extension GL_EXT_ray_tracing : require

layout(location = 0) rayPayloadInEXT float hitDistance;

void main() {
    hitDistance = gl_HitTEXT;
}
