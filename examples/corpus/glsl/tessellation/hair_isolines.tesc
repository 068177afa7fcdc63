#version 450
// Hair strands as isolines, control stage: one guide strand per patch of four control
// points, gl_TessLevelOuter[0] = strands to generate, [1] = segments per strand.
layout(vertices = 4) out;

layout(location = 0) in vec4 inControl[];   // xyz position, w thickness
layout(location = 0) out vec4 outControl[];

layout(push_constant) uniform Hair { float density; float segments; } hair;

void main() {
    outControl[gl_InvocationID] = inControl[gl_InvocationID];
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    if (gl_InvocationID == 0) {
        gl_TessLevelOuter[0] = hair.density;
        gl_TessLevelOuter[1] = hair.segments;
    }
}
