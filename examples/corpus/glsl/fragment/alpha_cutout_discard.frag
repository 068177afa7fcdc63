#version 450
// Foliage cutout: alpha-tested discard with a hashed threshold to reduce aliasing.
layout(set = 1, binding = 0) uniform sampler2D leafTexture;
layout(location = 0) in vec2 inUV;
layout(location = 1) in vec3 inNormal;
layout(location = 0) out vec4 outColor;

float hash(vec2 p) {
    return fract(sin(dot(p, vec2(12.9898, 78.233))) * 43758.5453);
}

void main() {
    vec4 c = texture(leafTexture, inUV);
    float threshold = mix(0.3, 0.6, hash(floor(gl_FragCoord.xy)));
    if (c.a < threshold) {
        discard;
    }
    float ndl = max(dot(normalize(inNormal), normalize(vec3(0.3, 1.0, 0.2))), 0.0);
    outColor = vec4(c.rgb * (0.3 + 0.7 * ndl), 1.0);
}
