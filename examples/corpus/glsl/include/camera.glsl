// Per-view camera data shared by the raster shaders (set 0, binding 0, std140).
#ifndef CAMERA_GLSL
#define CAMERA_GLSL

layout(set = 0, binding = 0, std140) uniform Camera {
    mat4 view;
    mat4 proj;
    mat4 viewProj;
    mat4 invViewProj;
    vec4 position;      // xyz: world position, w: near plane
    vec4 viewport;      // xy: size in pixels, zw: 1 / size
    float time;
    uint frameIndex;
} camera;

#endif
