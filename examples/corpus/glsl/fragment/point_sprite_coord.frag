#version 450
// Round soft point sprites: gl_PointCoord, gl_FrontFacing and gl_FragCoord built-ins.
layout(location = 0) in float inBrightness;
layout(location = 0) out vec4 outColor;

void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(p, p);
    if (r2 > 1.0) discard;
    float glow = exp(-r2 * 4.0) * inBrightness;
    float twinkle = 0.9 + 0.1 * sin(gl_FragCoord.x * 0.1 + gl_FragCoord.y * 0.07);
    outColor = vec4(vec3(glow * twinkle), gl_FrontFacing ? 1.0 : 0.5);
}
