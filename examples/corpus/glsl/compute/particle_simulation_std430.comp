#version 450
// GPU particle update: std430 array of structs, emission through an atomic free list,
// curl-noise forces from a 3D texture, dead-particle recycling.
layout(local_size_x = 128) in;

struct Particle {
    vec3 position;
    float age;
    vec3 velocity;
    float lifetime;
    vec4 color;
};

layout(set = 0, binding = 0, std430) buffer Particles { Particle particles[]; };
layout(set = 0, binding = 1, std430) buffer DeadList { uint deadCount; uint deadIndices[]; };
layout(set = 0, binding = 2) uniform sampler3D curlNoise;
layout(set = 0, binding = 3, std140) uniform Sim {
    vec4 gravity;
    vec4 emitterPos;
    float dt;
    float drag;
    float noiseScale;
    uint particleCount;
} sim;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= sim.particleCount) return;
    Particle p = particles[i];
    if (p.age >= p.lifetime) return;
    vec3 force = sim.gravity.xyz + (textureLod(curlNoise, p.position * sim.noiseScale, 0.0).xyz * 2.0 - 1.0);
    p.velocity = p.velocity * (1.0 - sim.drag * sim.dt) + force * sim.dt;
    p.position += p.velocity * sim.dt;
    p.age += sim.dt;
    p.color.a = 1.0 - p.age / p.lifetime;
    if (p.age >= p.lifetime) {
        uint slot = atomicAdd(deadCount, 1u);
        deadIndices[slot] = i;
    }
    particles[i] = p;
}
