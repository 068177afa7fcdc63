#version 450
// Parallax-occlusion impostor that writes gl_FragDepth with a conservative depth layout
// (DepthGreater) so early depth tests stay enabled.
layout(depth_greater) out float gl_FragDepth;

layout(set = 0, binding = 0) uniform sampler2D heightMap;
layout(location = 0) in vec2 inUV;
layout(location = 1) in vec3 inViewDirTS;
layout(location = 2) in float inDepthScale;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 v = normalize(inViewDirTS);
    const int STEPS = 24;
    vec2 delta = v.xy / v.z * 0.05 / float(STEPS);
    vec2 uv = inUV;
    float layer = 0.0;
    float h = 1.0 - texture(heightMap, uv).r;
    for (int i = 0; i < STEPS && layer < h; ++i) {
        uv -= delta;
        layer += 1.0 / float(STEPS);
        h = 1.0 - textureLod(heightMap, uv, 0.0).r;
    }
    gl_FragDepth = gl_FragCoord.z + layer * inDepthScale;
    outColor = vec4(vec3(1.0 - layer), 1.0);
}
