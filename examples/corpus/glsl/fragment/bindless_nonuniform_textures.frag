#version 450
// Bindless materials: runtime-sized descriptor arrays indexed with nonuniformEXT
// (RuntimeDescriptorArray, ShaderNonUniform, SampledImageArrayNonUniformIndexing).
#extension GL_EXT_nonuniform_qualifier : require

layout(set = 0, binding = 0) uniform texture2D textures[];
layout(set = 0, binding = 1) uniform sampler samplers[4];
layout(set = 0, binding = 2, std430) readonly buffer Materials {
    uvec4 materials[];   // x: albedo texture, y: normal texture, z: sampler, w: flags
};
layout(set = 1, binding = 0) buffer Feedback { uint used[]; } feedback[];

layout(location = 0) flat in uint inMaterial;
layout(location = 1) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    uvec4 m = materials[inMaterial];
    vec4 albedo = texture(nonuniformEXT(sampler2D(textures[m.x], samplers[m.z & 3u])), inUV);
    vec3 n = texture(nonuniformEXT(sampler2D(textures[m.y], samplers[0])), inUV).xyz;
    if ((m.w & 1u) != 0u) {
        atomicOr(feedback[nonuniformEXT(m.w >> 16)].used[m.x >> 5], 1u << (m.x & 31u));
    }
    outColor = vec4(albedo.rgb * max(n.z, 0.2), albedo.a);
}
