#version 460
// Multi-draw indirect: gl_DrawID picks the per-draw transform, gl_BaseInstance and
// gl_BaseVertex are forwarded (DrawParameters).
struct DrawData {
    mat4 model;
    uint materialIndex;
    uint pad0, pad1, pad2;
};

layout(set = 0, binding = 0, std430) readonly buffer Draws { DrawData draws[]; };
layout(set = 0, binding = 1, std140) uniform View { mat4 viewProj; } view;

layout(location = 0) in vec3 inPosition;
layout(location = 0) flat out uint outMaterial;
layout(location = 1) flat out uint outInstance;

void main() {
    DrawData d = draws[gl_DrawID];
    outMaterial = d.materialIndex;
    outInstance = uint(gl_InstanceIndex - gl_BaseInstance) + uint(gl_BaseVertex) * 0u;
    gl_Position = view.viewProj * d.model * vec4(inPosition, 1.0);
}
