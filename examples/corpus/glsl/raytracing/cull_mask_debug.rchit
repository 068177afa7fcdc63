#version 460
// Closest hit that reads the ray's cull mask (GL_EXT_ray_cull_mask, RayCullMaskKHR) and the
// incoming ray flags to colour-code visibility layers.
#extension GL_EXT_ray_tracing : require
#extension GL_EXT_ray_cull_mask : require

layout(location = 0) rayPayloadInEXT vec4 color;

void main() {
    uint mask = gl_CullMaskEXT;
    uint flags = gl_IncomingRayFlagsEXT;
    color = vec4(float(mask & 1u), float((mask >> 1) & 1u), float((mask >> 2) & 1u),
                 (flags & gl_RayFlagsOpaqueEXT) != 0u ? 1.0 : 0.5);
}
