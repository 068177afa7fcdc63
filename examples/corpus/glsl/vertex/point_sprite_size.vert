#version 450
// Point-list star field: gl_PointSize attenuated by distance.
layout(set = 0, binding = 0, std140) uniform Stars {
    mat4 viewProj;
    vec4 cameraPos;
    float baseSize;
} stars;

layout(location = 0) in vec4 inStar;   // xyz: position, w: magnitude
layout(location = 0) out float outBrightness;

void main() {
    float d = distance(inStar.xyz, stars.cameraPos.xyz);
    gl_PointSize = clamp(stars.baseSize * inStar.w / max(d, 1.0), 1.0, 64.0);
    outBrightness = inStar.w;
    gl_Position = stars.viewProj * vec4(inStar.xyz, 1.0);
}
