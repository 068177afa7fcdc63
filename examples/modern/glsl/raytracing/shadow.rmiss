#version 460
// Shadow-ray miss: nothing in the way (GL_EXT_ray_tracing).
#extension GL_EXT_ray_tracing : require
layout(location = 2) rayPayloadInEXT bool shadowed;
void main() {
  shadowed = false;
}
