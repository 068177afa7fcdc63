#version 450
// Per-sample shading and custom coverage: reads gl_SampleMaskIn and gl_SampleID, writes
// gl_SampleMask for alpha-to-coverage dithering (SampleRateShading).
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(tex, inUV + gl_SamplePosition * 0.0);
    int samples = int(ceil(c.a * 4.0));
    int mask = (1 << samples) - 1;
    mask = (mask << (int(gl_FragCoord.x + gl_FragCoord.y) & 3)) | (mask >> (4 - (int(gl_FragCoord.x + gl_FragCoord.y) & 3)));
    gl_SampleMask[0] = gl_SampleMaskIn[0] & mask & 15;
    outColor = vec4(c.rgb, 1.0) * (gl_SampleID == 0 ? 1.0 : 0.999);
}
