#version 450
// Per-sample critical section (FragmentShaderSampleInterlockEXT, sample_interlock_ordered)
// for a custom depth test into an r32f storage image, with per-sample shading.
#extension GL_ARB_fragment_shader_interlock : require

layout(sample_interlock_ordered) in;
layout(set = 0, binding = 0, r32f) uniform coherent image2DArray customDepth;
layout(location = 0) in vec4 inColor;
layout(location = 0) out vec4 outColor;

void main() {
    ivec3 p = ivec3(gl_FragCoord.xy, gl_SampleID);
    float z = gl_FragCoord.z;
    bool pass;
    beginInvocationInterlockARB();
    pass = z < imageLoad(customDepth, p).r;
    if (pass) imageStore(customDepth, p, vec4(z));
    endInvocationInterlockARB();
    outColor = pass ? inColor : vec4(0.0);
}
