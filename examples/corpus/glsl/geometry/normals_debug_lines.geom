#version 450
// Debug visualisation: emits a line strip per vertex along its normal and one for the face
// normal (triangles in, line_strip out).
layout(triangles) in;
layout(line_strip, max_vertices = 8) out;

layout(push_constant) uniform Debug { mat4 viewProj; float normalLength; } dbg;

layout(location = 0) in vec3 inWorld[];
layout(location = 1) in vec3 inNormal[];
layout(location = 0) out vec4 outColor;

void main() {
    for (int i = 0; i < 3; ++i) {
        outColor = vec4(0.2, 0.6, 1.0, 1.0);
        gl_Position = dbg.viewProj * vec4(inWorld[i], 1.0);
        EmitVertex();
        gl_Position = dbg.viewProj * vec4(inWorld[i] + normalize(inNormal[i]) * dbg.normalLength, 1.0);
        EmitVertex();
        EndPrimitive();
    }
    vec3 c = (inWorld[0] + inWorld[1] + inWorld[2]) / 3.0;
    vec3 n = normalize(cross(inWorld[1] - inWorld[0], inWorld[2] - inWorld[0]));
    outColor = vec4(1.0, 0.8, 0.1, 1.0);
    gl_Position = dbg.viewProj * vec4(c, 1.0);
    EmitVertex();
    gl_Position = dbg.viewProj * vec4(c + n * dbg.normalLength, 1.0);
    EmitVertex();
    EndPrimitive();
}
