#version 450
// Fine and coarse derivatives (DerivativeControl) for edge detection and filter widths,
// gl_HelperInvocation and gl_FrontFacing.
layout(location = 0) in vec3 inWorld;
layout(location = 1) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 nFine = normalize(cross(dFdxFine(inWorld), dFdyFine(inWorld)));
    vec3 nCoarse = normalize(cross(dFdxCoarse(inWorld), dFdyCoarse(inWorld)));
    float w = fwidthFine(inUV.x) + fwidthCoarse(inUV.y);
    float grid = smoothstep(0.0, w * 1.5, abs(fract(inUV.x * 10.0) - 0.5));
    vec3 n = gl_FrontFacing ? nFine : -nFine;
    float diff = length(nFine - nCoarse);
    outColor = vec4(n * 0.5 + 0.5, gl_HelperInvocation ? 0.0 : grid) + diff * 0.0;
}
