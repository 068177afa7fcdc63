#version 450
// Varyings packed into shared locations with the component qualifier: two vec2s and a
// float + vec3 share locations, plus an array occupying consecutive locations.
layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec4 inColor;

layout(location = 0, component = 0) out vec2 outUV0;
layout(location = 0, component = 2) out vec2 outUV1;
layout(location = 1, component = 0) out float outFog;
layout(location = 1, component = 1) out vec3 outTint;
layout(location = 2) out vec4 outExtra[2];
layout(location = 4, component = 3) out float outAlpha;

layout(push_constant) uniform PC { mat4 mvp; } pc;

void main() {
    outUV0 = inPosition.xy * 0.5 + 0.5;
    outUV1 = inPosition.zy * 0.25;
    outFog = clamp(length(inPosition) * 0.01, 0.0, 1.0);
    outTint = inColor.rgb;
    outExtra[0] = inColor.bgra;
    outExtra[1] = vec4(inPosition, 1.0);
    outAlpha = inColor.a;
    gl_Position = pc.mvp * vec4(inPosition, 1.0);
}
