#version 450
// Depth written with layout(depth_less) and a refraction offset read from the scene color
// with textureOffset variants, for thick glass.
layout(depth_less) out float gl_FragDepth;

layout(set = 0, binding = 0) uniform sampler2D sceneColor;
layout(set = 0, binding = 1) uniform sampler2D glassNormal;
layout(location = 0) in vec2 inScreenUV;
layout(location = 1) in vec2 inUV;
layout(location = 2) in float inThickness;
layout(location = 0) out vec4 outColor;

void main() {
    vec2 n = texture(glassNormal, inUV).xy * 2.0 - 1.0;
    vec2 uv = inScreenUV + n * 0.02 * inThickness;
    vec3 c = texture(sceneColor, uv).rgb * 0.5
           + textureOffset(sceneColor, uv, ivec2(2, 0)).rgb * 0.25
           + textureOffset(sceneColor, uv, ivec2(-2, 0)).rgb * 0.25;
    gl_FragDepth = gl_FragCoord.z - inThickness * 1e-4;
    outColor = vec4(c * vec3(0.9, 0.95, 1.0), 1.0);
}
