#version 450
// Coverage after the depth test (PostDepthCoverage, SampleMaskPostDepthCoverage) for
// MSAA-correct decals, with early fragment tests.
#extension GL_ARB_post_depth_coverage : require

layout(early_fragment_tests) in;
layout(post_depth_coverage) in;

layout(location = 0) in vec4 inColor;
layout(location = 0) out vec4 outColor;

void main() {
    float covered = float(bitCount(gl_SampleMaskIn[0])) / 4.0;
    outColor = vec4(inColor.rgb, inColor.a * covered);
}
