#version 460
// Shadow-ray miss shader: the light is visible (payload at location 1).
#extension GL_EXT_ray_tracing : require

layout(location = 1) rayPayloadInEXT bool shadowed;

void main() {
    shadowed = false;
}
