#version 450
// A push-constant block with explicit member offsets (the second half of a range shared
// with other stages), arrays and a matrix.
layout(local_size_x = 64) in;

layout(push_constant, std430) uniform Push {
    layout(offset = 64) mat4 transform;
    layout(offset = 128) vec4 tint;
    layout(offset = 144) uint count;
    layout(offset = 148) float weights[3];
} push;

layout(set = 0, binding = 0, std430) buffer Points { vec4 points[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= push.count) return;
    vec4 p = push.transform * points[i];
    points[i] = p * push.tint * (push.weights[0] + push.weights[1] + push.weights[2]);
}
