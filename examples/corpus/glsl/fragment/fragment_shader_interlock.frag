#version 450
// Programmable blending inside a pixel critical section (FragmentShaderPixelInterlockEXT):
// read-modify-write of a storage image in primitive order.
#extension GL_ARB_fragment_shader_interlock : require

layout(pixel_interlock_ordered) in;
layout(set = 0, binding = 0, rgba16f) uniform coherent image2D accum;

layout(location = 0) in vec4 inColor;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
    beginInvocationInterlockARB();
    vec4 dst = imageLoad(accum, p);
    vec4 result = vec4(inColor.rgb * inColor.a + dst.rgb * (1.0 - inColor.a),
                       inColor.a + dst.a * (1.0 - inColor.a));
    imageStore(accum, p, result);
    endInvocationInterlockARB();
}
