// Small stateless and stateful random number generators (PCG hash, tiny LCG).
#ifndef RANDOM_GLSL
#define RANDOM_GLSL

uint pcgHash(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

uint initSeed(uvec2 pixel, uint frame) {
    return pcgHash(pixel.x + pcgHash(pixel.y + pcgHash(frame)));
}

float nextFloat(inout uint seed) {
    seed = seed * 1664525u + 1013904223u;
    return float(seed >> 8) * (1.0 / 16777216.0);
}

vec3 cosineSampleHemisphere(vec3 n, inout uint seed) {
    float r1 = nextFloat(seed);
    float r2 = nextFloat(seed);
    float phi = 6.28318530718 * r1;
    float r = sqrt(r2);
    vec3 t = normalize(abs(n.x) > 0.9 ? cross(n, vec3(0, 1, 0)) : cross(n, vec3(1, 0, 0)));
    vec3 b = cross(n, t);
    return normalize(t * (r * cos(phi)) + b * (r * sin(phi)) + n * sqrt(max(0.0, 1.0 - r2)));
}

#endif
