#version 450
// Two vertex streams captured by transform feedback (GeometryStreams, TransformFeedback):
// stream 0 keeps visible particles, stream 1 collects the expired ones.
#extension GL_ARB_enhanced_layouts : require
#extension GL_ARB_gpu_shader5 : require

layout(points) in;
layout(points, max_vertices = 2) out;

layout(location = 0) in vec4 inState[];   // xyz position, w age
layout(location = 1) in vec4 inVelocity[];

layout(stream = 0, location = 0, xfb_buffer = 0, xfb_offset = 0) out vec4 liveState;
layout(stream = 0, location = 1, xfb_buffer = 0, xfb_offset = 16) out vec4 liveVelocity;
layout(stream = 1, location = 2, xfb_buffer = 1, xfb_offset = 0) out vec4 deadState;

layout(push_constant) uniform PC { float dt; float maxAge; } pc;

void main() {
    vec4 s = inState[0];
    s.xyz += inVelocity[0].xyz * pc.dt;
    s.w += pc.dt;
    if (s.w < pc.maxAge) {
        liveState = s;
        liveVelocity = inVelocity[0];
        EmitStreamVertex(0);
        EndStreamPrimitive(0);
    } else {
        deadState = s;
        EmitStreamVertex(1);
        EndStreamPrimitive(1);
    }
}
