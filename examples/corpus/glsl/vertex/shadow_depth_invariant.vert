#version 450
// Depth-only pass for a shadow cascade; invariant position so it matches the main pass.
invariant gl_Position;

layout(push_constant) uniform Shadow {
    mat4 lightViewProj;
    mat4 model;
} shadow;

layout(location = 0) in vec3 inPosition;

void main() {
    gl_Position = shadow.lightViewProj * shadow.model * vec4(inPosition, 1.0);
}
